import puppeteer from 'puppeteer-core';
const b = await puppeteer.launch({ executablePath: '/usr/bin/chromium', headless: true, args: ['--no-sandbox','--disable-gpu'] });
const p = await b.newPage(); await p.setViewport({ width: 800, height: 400 });
await p.goto('' + process.argv[2]); await p.screenshot({ path: process.argv[3] }); await b.close();
