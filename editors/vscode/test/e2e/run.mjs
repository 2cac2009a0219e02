// The extension in a real VS Code: code-server serves the workbench with
// the packaged extension installed, Debian's Chromium (headless, through
// puppeteer-core) drives it. A project whose .mcp.json holds a literal
// token is opened; the test waits for mcplint's diagnostic in the Problems
// panel, runs "mcplint: Explain rule" (VS Code asks to open the rule's
// documentation), applies the quick fix, saves, and reads the file on disk.
// Screenshots go to the artifacts folder.
//
//   node run.mjs --vsix mcplint.vsix --mcplint /path/to/mcplint \
//     --modules /cache/node_modules --artifacts DIR
//
// Everything runs on 127.0.0.1; nothing is fetched. Exit 0 on success.
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { createRequire } from "node:module";

const args = Object.fromEntries(
  process.argv.slice(2).reduce((acc, a, i, all) => (a.startsWith("--") ? [...acc, [a.slice(2), all[i + 1]]] : acc), []),
);
for (const k of ["vsix", "mcplint", "modules", "artifacts"]) {
  if (!args[k]) {
    console.error(`run.mjs: --${k} is required`);
    process.exit(2);
  }
}
const budgetMs = Number(args.timeout ?? 170) * 1000;
const started = Date.now();
const log = (...m) => console.log(`[e2e ${((Date.now() - started) / 1000).toFixed(1)}s]`, ...m);

const require = createRequire(path.join(args.modules, "noop.js"));
const puppeteer = require("puppeteer-core");
const codeServer = path.join(args.modules, "code-server", "out", "node", "entry.js");
const chromium = args.chromium ?? "/usr/bin/chromium";
fs.mkdirSync(args.artifacts, { recursive: true });

// A GitHub-token-shaped string that is nobody's token, made at run time.
function fakeToken() {
  const alnum = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
  let x = 424242;
  let s = "ghp_";
  for (let i = 0; i < 36; i++) {
    x = (x * 1103515245 + 12345) >>> 0;
    s += alnum[(x >>> 16) % alnum.length];
  }
  return s;
}
const token = fakeToken();

const root = fs.mkdtempSync(path.join(os.tmpdir(), "mcplint-vscode-e2e-"));
const project = path.join(root, "project");
const userData = path.join(root, "user-data");
const extensions = path.join(root, "extensions");
const xdg = path.join(root, "xdg");
for (const d of [project, path.join(userData, "User"), extensions, xdg]) {
  fs.mkdirSync(d, { recursive: true });
}
const mcpFile = path.join(project, ".mcp.json");
fs.writeFileSync(
  mcpFile,
  `{
  "mcpServers": {
    "github": {
      "command": "npx",
      "args": ["-y", "@modelcontextprotocol/server-github@2025.4.8"],
      "env": {
        "GITHUB_PERSONAL_ACCESS_TOKEN": "${token}"
      }
    }
  }
}
`,
);
// The same settings as the user's and the machine's: the extension runs in
// code-server's remote extension host, which reads mcplint.path (scope
// machine-overridable) from the machine settings too, and the user
// settings may reach it later than activation.
fs.mkdirSync(path.join(userData, "Machine"), { recursive: true });
const settingsText = JSON.stringify(
    {
      "mcplint.path": args.mcplint,
      "workbench.startupEditor": "none",
      "workbench.tips.enabled": false,
      "workbench.enableExperiments": false,
      "security.workspace.trust.enabled": false,
      "extensions.autoCheckUpdates": false,
      "extensions.autoUpdate": false,
      "update.mode": "none",
      "telemetry.telemetryLevel": "off",
      "chat.disableAIFeatures": true,
      "files.autoSave": "off",
      "editor.codeActionWidget.includeNearbyQuickFixes": true,
    },
    null,
    2,
);
fs.writeFileSync(path.join(userData, "User", "settings.json"), settingsText);
fs.writeFileSync(path.join(userData, "Machine", "settings.json"), settingsText);
const configYaml = path.join(root, "config.yaml");
fs.writeFileSync(configYaml, "auth: none\ncert: false\n");

const env = {
  ...process.env,
  HOME: root,
  XDG_CONFIG_HOME: path.join(xdg, "config"),
  XDG_DATA_HOME: path.join(xdg, "data"),
  XDG_CACHE_HOME: path.join(xdg, "cache"),
};
const node = process.execPath;
const csArgs = ["--config", configYaml, "--user-data-dir", userData, "--extensions-dir", extensions];

let server;
let browser;
let failed = false;
const cleanup = async () => {
  try {
    if (browser) {
      await Promise.race([browser.close(), new Promise((r) => setTimeout(r, 5000))]);
    }
  } catch {
    // gone already
  }
  if (browser?.process()?.pid) {
    try {
      process.kill(browser.process().pid, "SIGKILL");
    } catch {
      // gone already
    }
  }
  if (server?.pid) {
    try {
      process.kill(-server.pid, "SIGTERM");
    } catch {
      // gone already
    }
  }
};
const watchdog = setTimeout(async () => {
  console.error(`run.mjs: the test took more than ${budgetMs / 1000}s; stopping`);
  failed = true;
  await shot("timeout");
  await cleanup();
  process.exit(1);
}, budgetMs);

let page;
async function shot(name) {
  if (!page) {
    return;
  }
  const file = path.join(args.artifacts, `${name}.png`);
  try {
    await Promise.race([page.screenshot({ path: file }), new Promise((_, rej) => setTimeout(() => rej(new Error("screenshot timed out")), 10000))]);
    log(`screenshot ${file}`);
  } catch (err) {
    log(`no screenshot ${name}: ${err.message}`);
  }
}

function freePort() {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.listen(0, "127.0.0.1", () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
    s.on("error", reject);
  });
}

function healthy(port) {
  return new Promise((resolve) => {
    const req = http.get({ host: "127.0.0.1", port, path: "/healthz", timeout: 1000 }, (res) => {
      res.resume();
      resolve(res.statusCode === 200);
    });
    req.on("error", () => resolve(false));
    req.on("timeout", () => {
      req.destroy();
      resolve(false);
    });
  });
}

async function waitFor(what, fn, ms = 60000, every = 250) {
  const end = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v) {
      return v;
    }
    if (Date.now() > end) {
      throw new Error(`timed out waiting for ${what}`);
    }
    await new Promise((r) => setTimeout(r, every));
  }
}

async function main() {
  log("installing the extension");
  const inst = spawnSync(node, [codeServer, ...csArgs, "--install-extension", args.vsix, "--force"], { env, encoding: "utf8", timeout: 60000 });
  fs.writeFileSync(path.join(args.artifacts, "install-extension.log"), `${inst.stdout}\n${inst.stderr}`);
  if (inst.status !== 0 || !/successfully installed/i.test(inst.stdout + inst.stderr)) {
    throw new Error(`code-server --install-extension failed (status ${inst.status}):\n${inst.stdout}\n${inst.stderr}`);
  }

  const port = await freePort();
  log(`starting code-server on 127.0.0.1:${port}`);
  const serverLog = fs.openSync(path.join(args.artifacts, "code-server.log"), "w");
  server = spawn(
    node,
    [
      codeServer,
      ...csArgs,
      "--bind-addr",
      `127.0.0.1:${port}`,
      "--auth",
      "none",
      "--disable-telemetry",
      "--disable-update-check",
      "--disable-workspace-trust",
      "--disable-getting-started-override",
      project,
    ],
    { env, detached: true, stdio: ["ignore", serverLog, serverLog] },
  );
  await waitFor("code-server's /healthz", () => healthy(port), 60000);

  log("starting chromium");
  browser = await puppeteer.launch({
    executablePath: chromium,
    headless: true,
    args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run", "--window-size=1400,900"],
    defaultViewport: { width: 1400, height: 900 },
    env,
  });
  // The first tab: a new background tab never paints.
  page = (await browser.pages())[0];
  page.setDefaultTimeout(60000);
  await page.goto(`http://127.0.0.1:${port}/?folder=${encodeURIComponent(project)}`, { waitUntil: "domcontentloaded" });
  await page.waitForSelector(".monaco-workbench .part.editor", { timeout: 90000 });
  log("workbench loaded");

  // Open the file from the explorer (dot files are listed).
  const row = await page.waitForSelector('.explorer-folders-view .monaco-list-row[aria-label*=".mcp.json"], .explorer-folders-view .monaco-list-row .label-name', { timeout: 60000 });
  await page.evaluate(() => {
    const rows = [...document.querySelectorAll(".explorer-folders-view .monaco-list-row")];
    const r = rows.find((e) => (e.textContent || "").includes(".mcp.json"));
    if (!r) {
      throw new Error("no .mcp.json in the explorer");
    }
    r.dispatchEvent(new MouseEvent("mousedown", { bubbles: true }));
    r.click();
  });
  void row;
  await page.waitForSelector(".monaco-editor .view-lines", { timeout: 30000 });
  await waitFor(".mcp.json open in an editor", () =>
    page.evaluate(() => [...document.querySelectorAll(".tabs-container .tab")].some((t) => (t.textContent || "").includes(".mcp.json"))),
  );
  log(".mcp.json is open");

  // The Problems panel.
  await page.keyboard.down("Control");
  await page.keyboard.down("Shift");
  await page.keyboard.press("KeyM");
  await page.keyboard.up("Shift");
  await page.keyboard.up("Control");
  await waitFor(
    "mcplint's diagnostic in the Problems panel",
    () =>
      page.evaluate(() => {
        const p = document.querySelector(".markers-panel");
        return p && /secrets\/literal-key/.test(p.textContent || "") ? p.textContent : "";
      }),
    90000,
  );
  const panelText = await page.evaluate(() => document.querySelector(".markers-panel").textContent);
  if (panelText.includes(token.slice(4))) {
    throw new Error("the Problems panel shows the token");
  }
  log("the Problems panel shows secrets/literal-key");
  await shot("problems");

  // Go to the problem (click its row: the cursor lands on the token), then
  // ask for the quick fixes and pick mcplint's.
  await page.evaluate(() => {
    const rows = [...document.querySelectorAll(".markers-panel .monaco-list-row")];
    const r = rows.find((e) => /secrets\/literal-key/.test(e.textContent || ""));
    r.dispatchEvent(new MouseEvent("mousedown", { bubbles: true }));
    r.click();
    r.dispatchEvent(new MouseEvent("dblclick", { bubbles: true }));
  });
  await waitFor("the editor focused on the token", () =>
    page.evaluate(() => document.activeElement && document.activeElement.closest(".monaco-editor") !== null),
  20000);
  // "mcplint: Explain rule" on the diagnostic under the cursor opens the
  // rule's documentation (the address only: nothing is fetched here).
  await page.keyboard.press("F1");
  await page.waitForSelector(".quick-input-widget input", { visible: true, timeout: 15000 });
  await page.keyboard.type("mcplint: Explain rule");
  await waitFor("the command in the palette", () =>
    page.evaluate(() => [...document.querySelectorAll(".quick-input-list .monaco-list-row")].some((r) => /mcplint: Explain rule/.test(r.textContent || ""))),
  15000);
  await page.keyboard.press("Enter");
  // VS Code asks before opening an outside address: the dialog names it.
  const asked = await waitFor("the rule's documentation address in VS Code's open-website dialog", () =>
    page.evaluate(() => {
      const d = document.querySelector(".monaco-dialog-box");
      const t = d ? d.textContent || "" : "";
      return /docs\/rules\/secrets\/literal-\s*key\.md/.test(t) ? t : "";
    }),
  20000).catch(() => "");
  if (!asked) {
    await shot("no-explain");
    throw new Error("mcplint: Explain rule did not open the rule's documentation");
  }
  log("explain asks to open the rule's documentation");
  await shot("explain");
  await page.keyboard.press("Escape");
  await waitFor("the dialog closed", () => page.evaluate(() => !document.querySelector(".monaco-dialog-box")), 10000);
  await page.bringToFront();
  // Back to the problem in the editor.
  await page.evaluate(() => {
    const rows = [...document.querySelectorAll(".markers-panel .monaco-list-row")];
    const r = rows.find((e) => /secrets\/literal-key/.test(e.textContent || ""));
    r.dispatchEvent(new MouseEvent("mousedown", { bubbles: true }));
    r.click();
    r.dispatchEvent(new MouseEvent("dblclick", { bubbles: true }));
  });
  await waitFor("the editor focused on the token again", () =>
    page.evaluate(() => document.activeElement && document.activeElement.closest(".monaco-editor") !== null),
  20000);
  let picked = "";
  for (let attempt = 0; attempt < 3 && !picked; attempt++) {
    await page.keyboard.down("Control");
    await page.keyboard.press("Period");
    await page.keyboard.up("Control");
    picked = await waitFor(
      "the quick fix menu",
      () =>
        page.evaluate(() => {
          const items = [...document.querySelectorAll(".action-widget .monaco-list-row, .action-widget .action-item, .context-view .monaco-list-row")];
          const fix = items.find((e) => /Replace the literal key/i.test(e.textContent || ""));
          if (!fix) {
            return "";
          }
          fix.dispatchEvent(new MouseEvent("mousedown", { bubbles: true }));
          fix.dispatchEvent(new MouseEvent("mouseup", { bubbles: true }));
          fix.click();
          return fix.textContent;
        }),
      15000,
    ).catch(() => "");
  }
  if (!picked) {
    await shot("no-quick-fix");
    throw new Error("the quick fix menu never offered mcplint's fix");
  }
  log(`applied: ${picked.trim()}`);
  await waitFor(
    "the fixed text in the editor",
    () => page.evaluate(() => (document.querySelector(".monaco-editor .view-lines")?.textContent || "").includes("${GITHUB_PERSONAL_ACCESS_TOKEN}")),
    20000,
  );

  // Save, and read the file on disk.
  await page.keyboard.down("Control");
  await page.keyboard.press("KeyS");
  await page.keyboard.up("Control");
  const saved = await waitFor("the fixed file on disk", () => {
    const text = fs.readFileSync(mcpFile, "utf8");
    return text.includes('"GITHUB_PERSONAL_ACCESS_TOKEN": "${GITHUB_PERSONAL_ACCESS_TOKEN}"') && !text.includes(token) ? text : "";
  }, 20000);
  log("the file on disk holds the variable reference, not the token");
  await waitFor(
    "the diagnostic gone from the Problems panel",
    () => page.evaluate(() => !/secrets\/literal-key/.test(document.querySelector(".markers-panel")?.textContent || "")),
    30000,
  );
  await waitFor("the tab saved (not dirty)", () =>
    page.evaluate(() => [...document.querySelectorAll(".tabs-container .tab")].some((t) => (t.textContent || "").includes(".mcp.json") && !t.classList.contains("dirty"))),
  10000).catch(() => log("the tab still shows unsaved changes"));
  await shot("fixed");
  fs.writeFileSync(path.join(args.artifacts, "mcp.json.after"), saved);

  // The extension's output channel names the binary and its version.
  const logs = path.join(userData, "logs");
  const outputLine = await waitFor("the extension's version line in its output channel", () => {
    const files = [];
    const walk = (d) => {
      for (const e of fs.existsSync(d) ? fs.readdirSync(d, { withFileTypes: true }) : []) {
        const p = path.join(d, e.name);
        if (e.isDirectory()) {
          walk(p);
        } else if (/mcplint/i.test(e.name) && e.name.endsWith(".log")) {
          files.push(p);
        }
      }
    };
    walk(logs);
    for (const f of files) {
      const m = fs.readFileSync(f, "utf8").match(/mcplint: using .* version mcplint \S+/);
      if (m) {
        return m[0];
      }
    }
    return "";
  }, 20000).catch(() => "");
  if (!outputLine) {
    throw new Error("the output channel has no 'mcplint: using … version …' line");
  }
  log(outputLine);
}

try {
  await main();
  log("PASS");
} catch (err) {
  failed = true;
  console.error(`FAIL: ${err.stack || err}`);
  await shot("failure");
} finally {
  clearTimeout(watchdog);
  await cleanup();
  fs.rmSync(root, { recursive: true, force: true, maxRetries: 3 });
}
process.exit(failed ? 1 : 0);
