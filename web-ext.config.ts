import { existsSync } from 'node:fs';
import { defineWebExtConfig } from 'wxt';

// `npm run dev` opens a browser with the extension loaded. Where Debian's (or another distro's)
// Chromium is the browser, point web-ext at it; elsewhere web-ext finds Chrome by itself.
const chromium = ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p) => existsSync(p));
// A Linux machine without a display (a server, a container) cannot show a browser: there WXT
// builds and watches, and says where to load the extension from.
const noDisplay = process.platform === 'linux' && !process.env.DISPLAY && !process.env.WAYLAND_DISPLAY;

export default defineWebExtConfig({
  disabled: noDisplay,
  ...(chromium ? { binaries: { chrome: chromium } } : {}),
  // As root (containers, CI) Chromium refuses to start without this.
  ...(process.getuid?.() === 0 ? { chromiumArgs: ['--no-sandbox'] } : {}),
});
