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
  await page.evaluate(() => {
    const w = window as unknown as { runDemo(): Promise<string[]>; demoLines?: Promise<string[]> };
    w.demoLines = w.runDemo();
  });
  // The commit ("Pay $500 to Alice") waits for the user in Warrant's popup; the demo user denies it there.
  const popup = await browser.openExtensionPage('src/popup/index.html');
  const asked = await popup.evaluate(async () => {
    for (let i = 0; i < 300; i++) {
      const ask = document.querySelector<HTMLElement>('#pending article.ask');
      const deny = ask?.querySelector<HTMLButtonElement>('button.deny');
      if (ask && deny) {
        const what = ask.querySelector('.what')?.textContent ?? '';
        deny.click();
        return what;
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    return null;
  });
  if (asked) console.log(`(Warrant asked the user about: ${asked} — the demo user pressed Deny)\n`);
  const lines = await page.evaluate(() => (window as unknown as { demoLines: Promise<string[]> }).demoLines);
  for (const line of lines) console.log(line);
  await browser.close();
  await server.close();
}
