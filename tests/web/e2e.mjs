// End-to-end test of `sowlab serve` in a real browser: Debian's Chromium driven by playwright-core.
//
// It starts the server (SOWLAB_BIN, default ../../target/debug/sowlab) on a free port with a fresh
// user rules folder, then, in the page: wins Tchuka Ruma 2-2-2-2 by clicking 3 4 3 4 2 4 and sees
// it won; undoes; starts Raja Pasu, plays the relay move 7, steps through its laps one by one and plays
// them; checks that a second tab is a separate session;
// edits the rule (fours become fives) and sees the reload report the first move that now plays
// differently; saves a broken rule and sees the error with its line and caret while the game stays
// as it was; and takes a screenshot that must not be blank (SCREENSHOT=FILE keeps it).
//
// Run: cargo build && npm ci && node e2e.mjs. Without CI set and without Chromium, it says so and
// exits 0 (skipped); under CI=true a missing browser is a failure.

import { spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import assert from "node:assert/strict";

const here = dirname(fileURLToPath(import.meta.url));
const chromium = process.env.CHROMIUM || "/usr/bin/chromium";
if (!existsSync(chromium)) {
  if (process.env.CI) {
    console.error(`e2e: no browser at ${chromium} (CI must install Debian's chromium)`);
    process.exit(1);
  }
  console.log(`e2e: SKIPPED, no browser at ${chromium} (apt-get install chromium to run it)`);
  process.exit(0);
}
const { chromium: pw } = await import("playwright-core");

const bin = process.env.SOWLAB_BIN || resolve(here, "../../target/debug/sowlab");
const scratch = mkdtempSync(join(tmpdir(), "sowlab-e2e-"));
const server = spawn(bin, ["serve", "--port", "0", "--user-rules", join(scratch, "rules")], {
  env: { ...process.env, SOWLAB_RULES: resolve(here, "../../rules") },
  stdio: ["ignore", "pipe", "inherit"],
});
const url = await new Promise((ok, fail) => {
  let out = "";
  const timer = setTimeout(() => fail(new Error("the server printed no URL in 60 s: " + out)), 60000);
  server.stdout.on("data", (d) => {
    out += d;
    const m = out.match(/http:\/\/127\.0\.0\.1:\d+\//);
    if (m) { clearTimeout(timer); ok(m[0]); }
  });
  server.on("exit", (c) => fail(new Error(`the server exited (${c}): ${out}`)));
});
console.log("e2e: server at", url);

// playwright-core gives the browser a fresh profile folder of its own and runs it headless.
let browser = null;
let failed = false;
try {
  browser = await pw.launch({
    executablePath: chromium,
    headless: true,
    args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
      "--disable-background-networking", "--disable-component-update", "--disable-sync"],
  });
  const page = await browser.newPage({ viewport: { width: 1280, height: 1000 } });
  page.setDefaultTimeout(30000);
  page.on("pageerror", (e) => { console.error("page error:", e); failed = true; });
  await page.goto(url);
  const historyLength = () => page.locator("#history li").count();
  const waitHistory = (n) => page.waitForFunction(
    (n) => document.querySelectorAll("#history li").length === n, n);
  const result = () => page.locator("#board").getAttribute("data-result");

  // 1. Win Tchuka Ruma 2-2-2-2 by clicking 3 4 3 4 2 4.
  await page.waitForSelector("#board svg g.hole.legal");
  assert.equal(await page.locator("#rule").inputValue(), "tchuka_ruma");
  // The rule list is grouped by family, as `sowlab rules` lists them.
  assert.equal(await page.locator('#rule optgroup[label^="Four-row games"] option[value="hus"]').count(), 1);
  assert.equal(await page.locator('#rule optgroup[label="Solitaires"] option[value="tchuka_ruma"]').count(), 1);
  const moves = ["3", "4", "3", "4", "2", "4"];
  for (const [i, m] of moves.entries()) {
    await page.locator(`#board g.hole.legal[data-move="${m}"]`).click();
    await waitHistory(i + 1);
  }
  assert.equal(await result(), "won");
  assert.match(await page.locator("#message").textContent(), /won/);
  assert.equal(await page.locator("#board g.hole.legal").count(), 0, "no move after the win");
  const ruma = await page.locator("#board g.store").getAttribute("data-seeds");
  assert.equal(ruma, "8", "every seed in the ruma");
  console.log("e2e: Tchuka Ruma won with 3 4 3 4 2 4");

  // 2. Undo: the game goes on.
  await page.locator("#undo").click();
  await waitHistory(5);
  assert.equal(await result(), "playing");
  console.log("e2e: undone");

  // 2b. Hint with no agent named in a solitaire: the solver's move (the last of the win).
  assert.equal(await page.locator("#agent").inputValue(), "");
  await page.locator("#hint").click();
  await page.waitForFunction(() =>
    /the solver suggests 4: 1 move to win/.test(document.querySelector("#message").textContent));
  assert.equal(await historyLength(), 5, "a hint plays nothing");
  console.log("e2e: the hint of a solitaire is the solver's");

  // 3. Raja Pasu: the relay move 7, lap by lap.
  await page.locator("#rule").selectOption("raja_pasu");
  await page.locator("#new").click();
  await page.waitForFunction(() => document.querySelectorAll("#board g.hole").length === 14);
  await page.locator('#board g.hole.legal[data-move="7"]').click();
  await waitHistory(1);
  await page.waitForSelector("#laps:not([hidden]) #trace svg");
  const laps = Number((await page.locator("#history li").first().textContent()).match(/(\d+) laps/)[1]);
  assert.ok(laps > 3, `move 7 relays (${laps} laps)`);
  await page.locator("#lap-first").click();
  await page.waitForFunction(() => document.querySelector("#lap-label").dataset.lap === "0");
  for (let k = 1; k <= laps; k++) {
    await page.locator("#lap-next").click();
    await page.waitForFunction((k) => document.querySelector("#lap-label").dataset.lap === String(k), k);
    assert.equal(await page.locator("#trace g.lap").count(), k, `lap ${k} draws ${k} laps`);
  }
  assert.equal(await page.locator("#lap-label").textContent(), `move 1: lap ${laps} / ${laps}`);
  console.log(`e2e: Raja Pasu move 7 stepped through its ${laps} laps`);
  // play runs the laps one after another from the start and stops at the end
  await page.locator("#lap-first").click();
  await page.waitForFunction(() => document.querySelector("#lap-label").dataset.lap === "0");
  await page.locator("#lap-play").click();
  await page.waitForFunction((l) => document.querySelector("#lap-label").dataset.lap === String(l), laps, { timeout: 60000 });
  await page.waitForFunction(() => document.querySelector("#lap-play").textContent === "play");
  console.log("e2e: play ran the laps to the end");

  // another tab is another session: playing there leaves this one alone
  const other = await browser.newPage();
  await other.goto(url);
  await other.waitForSelector("#board svg g.hole.legal");
  await other.locator('#board g.hole.legal[data-move="1"]').click();
  await other.waitForFunction(() => document.querySelectorAll("#history li").length === 1);
  await other.close();
  await page.locator("#undo").click();
  await waitHistory(0);
  await page.locator("#redo").click();
  await waitHistory(1);
  assert.match(await page.locator("#history li").first().textContent(), /^7 \(P1\)/);
  console.log("e2e: a second tab is a separate session");

  if (process.env.DOCS_SCREENSHOT) {
    // the picture in the README: the relay half-way, lap 4 of 12
    await page.locator("#lap-first").click();
    for (let k = 1; k <= 4; k++) {
      await page.locator("#lap-next").click();
      await page.waitForFunction((k) => document.querySelector("#lap-label").dataset.lap === String(k), k);
    }
    await page.screenshot({ path: process.env.DOCS_SCREENSHOT, fullPage: true });
  }

  // 4. Edit the rule: fours become fives; the reload names move 1 as the first difference.
  await page.waitForFunction(() => document.querySelector("#source").value.includes("capture_counts: [4]"));
  const source = await page.locator("#source").inputValue();
  await page.locator("#source").fill(source.replace("capture_counts: [4]", "capture_counts: [5]"));
  await page.locator("#reload").click();
  await page.waitForFunction(() => /now plays differently/.test(document.querySelector("#reload-report").textContent));
  const report = await page.locator("#reload-report").textContent();
  assert.match(report, /move 1 \(7\) now plays differently/);
  assert.equal(await historyLength(), 1, "the move is replayed");
  console.log("e2e: reload report:", report.split("\n")[0]);

  // 5. A broken rule: the error names line and column, with a caret; the game stays as it was.
  const before = await page.locator("#board").innerHTML();
  await page.locator("#source").fill(source.replace("fn setup() {", "fn setup() {\n    let x = ;"));
  await page.locator("#reload").click();
  await page.waitForSelector("#error:not([hidden])");
  const error = await page.locator("#error").textContent();
  assert.match(error, /reload failed, the game is unchanged: .*raja_pasu\.rhai:\d+:\d+/);
  assert.match(error, /\n\s*\d+ \| +let x = ;\n\s*\| +\^/);
  assert.equal(await page.locator("#board").innerHTML(), before, "the board is unchanged");
  assert.equal(await historyLength(), 1);
  console.log("e2e: a broken rule is reported at its line and column");

  // 5b. Saving over another file of the user folder: the page asks first; no, and the file stays.
  const saves = await browser.newPage();
  await saves.goto(url);
  await saves.waitForSelector("#board svg g.hole.legal");
  mkdirSync(join(scratch, "rules"), { recursive: true });
  const mine = join(scratch, "rules", "tchuka_ruma.rhai");
  writeFileSync(mine, "// my own tchuka\n");
  await saves.locator("#rule").selectOption("tchuka_ruma");
  await saves.locator("#new").click();
  await saves.waitForFunction(() => document.querySelector("#source").value.includes("fn setup()"));
  const asked = [];
  saves.once("dialog", (d) => { asked.push(d.message()); d.dismiss(); });
  await saves.locator("#reload").click();
  await saves.waitForSelector("#error:not([hidden])");
  assert.match(asked[0] || "", /already exists in the user rules folder/);
  assert.equal(readFileSync(mine, "utf8"), "// my own tchuka\n", "not replaced when the user says no");
  saves.once("dialog", (d) => d.accept());
  await saves.locator("#reload").click();
  await saves.waitForFunction(() => /reloaded/.test(document.querySelector("#reload-report").textContent));
  assert.match(readFileSync(mine, "utf8"), /fn setup\(\)/, "replaced when the user says yes");
  await saves.close();
  console.log("e2e: saving over another user file asks first");

  // 6. A screenshot that is not blank.
  await page.locator("#source").fill(source);
  const png = await page.screenshot({ fullPage: false });
  if (process.env.SCREENSHOT) writeFileSync(process.env.SCREENSHOT, png);
  const colours = await page.evaluate(async (b64) => {
    const img = new Image();
    img.src = "data:image/png;base64," + b64;
    await img.decode();
    const c = document.createElement("canvas");
    c.width = img.width;
    c.height = img.height;
    const ctx = c.getContext("2d");
    ctx.drawImage(img, 0, 0);
    const d = ctx.getImageData(0, 0, c.width, c.height).data;
    const seen = new Set();
    for (let i = 0; i < d.length; i += 4 * 7) seen.add((d[i] << 16) | (d[i + 1] << 8) | d[i + 2]);
    return seen.size;
  }, png.toString("base64"));
  assert.ok(colours > 50, `the screenshot has ${colours} colours`);
  console.log(`e2e: screenshot with ${colours} colours`);
} catch (e) {
  failed = true;
  console.error("e2e FAILED:", e);
} finally {
  if (browser) await browser.close();
  server.kill();
  rmSync(scratch, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
