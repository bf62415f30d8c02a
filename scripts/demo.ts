/**
 * `npm start`: serves the demo bank page and opens it in Chromium with dist/chrome loaded.
 * With a display, the browser stays open for you to try; headless, a scripted assistant proposes
 * honest and deceptive clicks and the verdicts are printed.
 */
import { join } from 'node:path';
import { launch } from '../test/support/browsers';
import { startFixtureServer } from '../test/support/server';

const headed = Boolean(process.env.DISPLAY) && process.env.WARRANT_HEADLESS !== '1';
const server = await startFixtureServer(join(import.meta.dirname, '..', 'demo'));
const url = server.url('bank.example', '/index.html');
const browser = await launch('chromium', { headless: !headed });
const page = await browser.newPage();
await page.goto(url);

if (headed) {
  console.log(`Demo open at ${url} — press "Run the demo assistant", or click the Warrant toolbar icon. Ctrl+C to quit.`);
  process.on('SIGINT', async () => {
    await browser.close();
    await server.close();
    process.exit(0);
  });
} else {
  console.log(`Headless demo on ${url} (set DISPLAY to open a window)\n`);
  const lines = await page.evaluate(() => (window as unknown as { runDemo(): Promise<string[]> }).runDemo());
  for (const line of lines) console.log(line);
  await browser.close();
  await server.close();
}
