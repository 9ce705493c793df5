import { render } from 'preact';
import * as z from 'zod';
import { App } from './App';
import '@/assets/theme.css';
import './style.css';

z.config({ jitless: true });
render(<App />, document.getElementById('app')!);
