/** Mounts the side panel: the popup's app, laid out for a panel that stays beside the page. */
import { render } from 'preact';
import * as z from 'zod/mini';
import { App } from '@/components/popup/App';
import { localizeDocument } from '@/lib/shared/core/i18n';
import '@/assets/theme.css';
import '@/assets/app.css';
import './style.css';

z.config({ jitless: true });
localizeDocument(document, 'extName');
render(<App surface="panel" />, document.getElementById('app')!);
