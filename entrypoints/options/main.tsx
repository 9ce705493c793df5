/** Mounts the options page; zod runs without `new Function`, which the extension's CSP forbids. */
import { render } from 'preact';
import * as z from 'zod/mini';
import { App } from './App';
import { localizeDocument } from '@/lib/shared/core/i18n';
import '@/assets/theme.css';
import '@/components/options/settings.css';
import './style.css';

z.config({ jitless: true });
localizeDocument(document, 'optionsTitle');
render(<App />, document.getElementById('app')!);
