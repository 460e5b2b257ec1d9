// Shared by the board app's browser tests (app-e2e, app-offline): a fresh page that records
// every problem, and screenshots taken once the board has drawn its position.

/** A new context and page at `url`; `problems` collects page errors, console errors and CSP reports. */
export async function openAppPage(browser, url, contextOptions) {
  const context = await browser.newContext(contextOptions);
  const page = await context.newPage();
  const problems = [];
  page.on('pageerror', (e) => problems.push(String(e)));
  page.on('console', (m) => {
    if (m.type() === 'error' || /Content.Security|Refused/.test(m.text())) problems.push(m.text());
  });
  await page.goto(url);
  return { page, context, problems };
}

/** A screenshot to `file` once the board shows its position (cm-chessboard animates moves in turn). */
export async function boardScreenshot(page, file, opts = {}) {
  await page.waitForFunction(() => {
    const b = document.querySelector('[data-testid=board]');
    return b.dataset.rendered === b.dataset.fen.split(' ')[0];
  });
  await page.screenshot({ path: file, ...opts });
}
