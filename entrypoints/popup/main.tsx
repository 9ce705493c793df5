/** Mounts the popup's app; zod runs without `new Function`, which the extension's CSP forbids. */
import { render } from 'preact';
import * as z from 'zod/mini';
import { App } from '@/components/popup/App';
import { localizeDocument } from '@/lib/shared/i18n';
import '@/assets/theme.css';
import './style.css';
import '@/assets/app.css';

z.config({ jitless: true });
localizeDocument(document, 'extName');
render(<App surface="popup" />, document.getElementById('app')!);
