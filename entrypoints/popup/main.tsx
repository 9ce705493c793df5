/** Mounts the popup's app; zod runs without `new Function`, which the extension's CSP forbids. */
import { render } from 'preact';
import { browser } from 'wxt/browser';
import * as z from 'zod/mini';
import { App } from '@/components/popup/App';
import { fitPopupHeight, observeSize } from '@/components/popup/fit-popup-height';
import { localizeDocument } from '@/lib/shared/core/i18n';
import '@/assets/theme.css';
import './style.css';
import '@/assets/app.css';

z.config({ jitless: true });
// As the toolbar popup the page asks for its 420 px (style.css); in a tab it takes the tab's width.
if (browser.extension.getViews({ type: 'tab' }).includes(window)) document.documentElement.classList.add('in-tab');
else fitPopupHeight(window, observeSize);
localizeDocument(document, 'extName');
render(<App surface="popup" />, document.getElementById('app')!);
