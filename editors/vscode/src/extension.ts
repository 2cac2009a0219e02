// The mcplint extension: starts `mcplint lsp` for the MCP config files
// mcplint knows and adds commands around it. Diagnostics, quick fixes,
// hovers and settings are the language server's; this file finds the
// binary, starts it and wires the commands.
import * as cp from "child_process";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import * as vscode from "vscode";
import {
  DocumentSelector,
  ExecuteCommandRequest,
  LanguageClient,
  LanguageClientOptions,
  ServerOptions,
  State,
} from "vscode-languageclient/node";

// The files mcplint reads, as the language server is attached to them.
// docs/editors.md lists the same names (a test keeps them in step).
export const CONFIG_GLOBS = [
  "**/.mcp.json",
  "**/.claude/settings.json",
  "**/.claude/settings.local.json",
  "**/.claude.json",
  "**/claude_desktop_config.json",
  "**/.cursor/mcp.json",
  "**/.vscode/mcp.json",
  "**/.vscode/settings.json",
  "**/.github/mcp.json",
  "**/mcp.json",
  "**/.copilot/mcp-config.json",
  "**/.codex/config.toml",
  "**/.grok/config.toml",
  "**/managed_config.toml",
  "**/opencode.json",
  "**/opencode.jsonc",
  "**/.agents/mcp.json",
  "**/.gemini/settings.json",
  "**/.windsurf/mcp_config.json",
  "**/mcp_config.json",
  "**/.zed/settings.json",
  "**/cline_mcp_settings.json",
  "**/mcp_settings.json",
  "**/.continue/mcpServers/*",
  "**/.amazonq/cli-agents/*.json",
  "**/.kiro/settings/mcp.json",
  "**/.junie/mcp/mcp.json",
  "**/managed-mcp.json",
  "**/managed-settings.json",
  "**/server.json",
  "**/.mcplint.toml",
];

const SERVER_FIX_ALL = "mcplint.applyFixAll";
const SERVER_EXPLAIN = "mcplint.explain";
const INSTALL_URL = "https://github.com/mcplint/mcplint#install";

let client: LanguageClient | undefined;
let output: vscode.OutputChannel;

export async function activate(context: vscode.ExtensionContext): Promise<void> {
  output = vscode.window.createOutputChannel("mcplint");
  context.subscriptions.push(output);
  context.subscriptions.push(
    vscode.commands.registerCommand("mcplint.fixAll", fixAll),
    vscode.commands.registerCommand("mcplint.explainRule", explainRule),
    vscode.commands.registerCommand("mcplint.restart", () => restart(context)),
    vscode.commands.registerCommand("mcplint.showOutput", () => output.show(true)),
    vscode.workspace.onDidChangeConfiguration((e) => {
      // The other settings reach the running server (workspace/configuration);
      // another binary needs a new server.
      if (e.affectsConfiguration("mcplint.path")) {
        void restart(context);
      }
    }),
  );
  await start(context);
}

export async function deactivate(): Promise<void> {
  await stop();
}

function exe(name: string): string {
  return process.platform === "win32" ? name + ".exe" : name;
}

function isExecutable(p: string): boolean {
  try {
    const st = fs.statSync(p);
    if (!st.isFile()) {
      return false;
    }
    if (process.platform !== "win32") {
      fs.accessSync(p, fs.constants.X_OK);
    }
    return true;
  } catch {
    return false;
  }
}

function expand(p: string): string {
  const folder = vscode.workspace.workspaceFolders?.[0]?.uri.fsPath ?? "";
  p = p.replace(/\$\{workspaceFolder\}/g, folder).replace(/\$\{userHome\}/g, os.homedir());
  if (p === "~" || p.startsWith("~/")) {
    p = path.join(os.homedir(), p.slice(1));
  }
  return p;
}

// findBinary looks where ruff-vscode does: the mcplint.path setting, then
// the binary bundled in a platform-specific package, then PATH.
export function findBinary(extensionPath: string): { path?: string; from: string; problem?: string } {
  const setting = vscode.workspace.getConfiguration("mcplint").get<string>("path", "").trim();
  if (setting !== "") {
    const p = expand(setting);
    if (isExecutable(p)) {
      return { path: p, from: "the mcplint.path setting" };
    }
    return { from: "the mcplint.path setting", problem: `mcplint.path is ${setting}, which is not an executable file` };
  }
  const bundled = path.join(extensionPath, "bundled", "bin", exe("mcplint"));
  if (isExecutable(bundled)) {
    return { path: bundled, from: "the binary bundled with the extension" };
  }
  for (const dir of (process.env.PATH ?? "").split(path.delimiter)) {
    if (dir === "") {
      continue;
    }
    const p = path.join(dir, exe("mcplint"));
    if (isExecutable(p)) {
      return { path: p, from: "PATH" };
    }
  }
  return {
    from: "nowhere",
    problem: "mcplint was not found: it is not bundled with this extension, not on PATH, and mcplint.path is not set",
  };
}

function version(bin: string): Promise<string> {
  return new Promise((resolve) => {
    cp.execFile(bin, ["version"], { timeout: 10000 }, (err, stdout) => {
      resolve(err ? `unknown (mcplint version failed: ${err.message})` : stdout.trim().split("\n")[0]);
    });
  });
}

async function start(context: vscode.ExtensionContext): Promise<void> {
  const found = findBinary(context.extensionPath);
  if (!found.path) {
    output.appendLine(`mcplint: ${found.problem}`);
    const choice = await vscode.window.showErrorMessage(
      `${found.problem}. Install mcplint, or set mcplint.path to its binary.`,
      "Open Settings",
      "How to install",
      "Show Output",
    );
    if (choice === "Open Settings") {
      void vscode.commands.executeCommand("workbench.action.openSettings", "mcplint.path");
    } else if (choice === "How to install") {
      void vscode.env.openExternal(vscode.Uri.parse(INSTALL_URL));
    } else if (choice === "Show Output") {
      output.show(true);
    }
    return;
  }
  output.appendLine(`mcplint: using ${found.path} (from ${found.from}), version ${await version(found.path)}`);

  const serverOptions: ServerOptions = {
    command: found.path,
    args: ["lsp"],
    options: { env: process.env },
  };
  const selector: DocumentSelector = [
    ...CONFIG_GLOBS.map((pattern) => ({ scheme: "file", pattern })),
    ...["json", "jsonc", "toml", "yaml"].map((language) => ({ scheme: "untitled", language })),
  ];
  const clientOptions: LanguageClientOptions = {
    documentSelector: selector,
    outputChannel: output,
    synchronize: { configurationSection: "mcplint" },
    diagnosticCollectionName: "mcplint",
  };
  client = new LanguageClient("mcplint", "mcplint", serverOptions, clientOptions);
  client.onDidChangeState((e) => {
    if (e.newState === State.Stopped) {
      output.appendLine("mcplint: the language server stopped");
    }
  });
  try {
    await client.start();
  } catch (err) {
    output.appendLine(`mcplint: the language server did not start: ${String(err)}`);
    void vscode.window.showErrorMessage(`mcplint lsp did not start (${found.path}): see the mcplint output.`, "Show Output").then((c) => {
      if (c) {
        output.show(true);
      }
    });
  }
}

async function stop(): Promise<void> {
  const c = client;
  client = undefined;
  if (c) {
    try {
      await c.stop();
    } catch {
      // already stopped
    }
  }
}

async function restart(context: vscode.ExtensionContext): Promise<void> {
  output.appendLine("mcplint: restarting the language server");
  await stop();
  await start(context);
}

async function fixAll(): Promise<void> {
  const editor = vscode.window.activeTextEditor;
  if (!client || !editor) {
    void vscode.window.showWarningMessage("mcplint: open an MCP config file first.");
    return;
  }
  const res = (await client.sendRequest(ExecuteCommandRequest.type, {
    command: SERVER_FIX_ALL,
    arguments: [{ uri: editor.document.uri.toString() }],
  })) as { fixed?: number } | null;
  if (!res || !res.fixed) {
    void vscode.window.showInformationMessage("mcplint: nothing to fix in this file.");
  }
}

// explainRule explains the rule of the mcplint diagnostic under the cursor,
// or one picked from the file's diagnostics, and opens its documentation.
async function explainRule(rule?: string): Promise<void> {
  if (!client) {
    return;
  }
  if (typeof rule !== "string" || rule === "") {
    const editor = vscode.window.activeTextEditor;
    const diags = editor ? vscode.languages.getDiagnostics(editor.document.uri).filter((d) => d.source === "mcplint") : [];
    const code = (d: vscode.Diagnostic): string =>
      typeof d.code === "object" && d.code !== null ? String(d.code.value) : String(d.code ?? "");
    const here = editor ? diags.find((d) => d.range.contains(editor.selection.active)) : undefined;
    if (here) {
      rule = code(here);
    } else {
      const ids = [...new Set(diags.map(code).filter((c) => c !== ""))];
      rule = ids.length > 0 ? await vscode.window.showQuickPick(ids, { placeHolder: "Rule to explain" }) : await vscode.window.showInputBox({ prompt: "Rule id, e.g. secrets/literal-key" });
    }
  }
  if (!rule) {
    return;
  }
  try {
    const res = (await client.sendRequest(ExecuteCommandRequest.type, { command: SERVER_EXPLAIN, arguments: [rule] })) as {
      rule: string;
      title: string;
      url?: string;
      explanation: string;
    };
    if (res.url) {
      await vscode.env.openExternal(vscode.Uri.parse(res.url));
    } else {
      const doc = await vscode.workspace.openTextDocument({ language: "markdown", content: res.explanation });
      await vscode.window.showTextDocument(doc, { preview: true });
    }
  } catch (err) {
    void vscode.window.showErrorMessage(`mcplint: ${String(err instanceof Error ? err.message : err)}`);
  }
}
