/**
 * The welcome page, opened once when the extension is installed (entrypoints/background.ts), never
 * on an update: server, key, Test connection, then how to ask a first question. Its own
 * entrypoint, loaded only when opened; zod runs without `new Function`, which the CSP forbids.
 */
import { render } from 'preact';
import * as z from 'zod/mini';
import { App } from './App';
import { localizeDocument } from '@/lib/shared/core/i18n';
import '@/assets/theme.css';
import '@/components/options/settings.css';
import './style.css';

z.config({ jitless: true });
localizeDocument(document, 'welcomeTitle');
render(<App />, document.getElementById('app')!);
