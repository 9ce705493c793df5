/** Mounts the side panel: the popup's app, laid out for a panel that stays beside the page. */
import { render } from 'preact';
import * as z from 'zod';
import { App } from '@/components/popup/App';
import '@/assets/theme.css';
import '@/entrypoints/popup/style.css';
import '@/assets/app.css';
import './style.css';

z.config({ jitless: true });
render(<App surface="panel" />, document.getElementById('app')!);
