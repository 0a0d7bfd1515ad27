#!/usr/bin/env node
// Rewraps comments that run past the line limit (140), which Prettier leaves as they are: a `//` comment on a line
// of its own, each line of a `/* */` or `/** */` block, a one-line block (which becomes a block of several lines),
// and a `//` comment after code (which moves above that code, unless the code is a JSX child, where it would be text).
// Indentation and comment markers are kept; directives (eslint-, @ts-, prettier-ignore, triple-slash) and Markdown
// code blocks and tables in comments are left alone. Run it after `npm run format`; it prints what it could not wrap.
//   node tools/wrap-long-lines.mjs [--check] [--max 140] [file or folder ...]   (default: the repository's sources)
// --check changes nothing and exits 1 when a comment could be wrapped.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript-for-eslint';

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const SOURCE = /\.(tsx?|mts|cts|mjs|cjs|js|jsx)$/;
const DIRECTIVE = /^(eslint-|eslint |@ts-|prettier-ignore|#region|#endregion|global |istanbul |c8 |v8 |webpackChunkName|@vite-)/;

const args = process.argv.slice(2);
const check = args.includes('--check');
const maxAt = args.indexOf('--max');
const MAX = maxAt >= 0 ? Number(args[maxAt + 1]) : 140;
const targets = args.filter((a, i) => !a.startsWith('--') && !(maxAt >= 0 && i === maxAt + 1));

function listFiles() {
  const listed = execFileSync('git', ['ls-files', '-co', '--exclude-standard'], { cwd: ROOT, encoding: 'utf8' })
    .split('\n')
    .filter((f) => SOURCE.test(f) && fs.existsSync(path.join(ROOT, f)));
  if (targets.length === 0) return listed.map((f) => path.join(ROOT, f));
  const wanted = targets.map((t) => path.resolve(t));
  return listed.map((f) => path.join(ROOT, f)).filter((f) => wanted.some((w) => f === w || f.startsWith(w + path.sep)));
}

/** Splits `text` into lines of at most `width` characters at spaces (a longer word stands on a line of its own). */
function fill(text, width) {
  const words = text.split(/ +/).filter(Boolean);
  const lines = [];
  let line = '';
  for (const word of words) {
    if (line && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines;
}

/** Lines `first + text`, then `rest + text` (a Markdown list item's continuation lines are indented under its text). */
function wrapText(text, first, rest) {
  const item = /^([-*+]|\d+[.)])\s+/.exec(text);
  const hang = item ? ' '.repeat(item[0].length) : '';
  const width = Math.max(20, MAX - Math.max(first.length, rest.length + hang.length));
  return fill(text, width).map((part, i) => (i === 0 ? first : rest + hang) + part);
}

/** Every comment of the file, found through the parser so that `//` in strings, regexes and JSX text is not one. */
function commentsOf(file, text) {
  const kind = file.endsWith('x') ? ts.ScriptKind.TSX : file.endsWith('.ts') ? ts.ScriptKind.TS : ts.ScriptKind.JS;
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind);
  const found = new Map();
  const jsxTextAt = new Set();
  const findText = (node) => {
    if (node.kind === ts.SyntaxKind.JsxText) jsxTextAt.add(node.pos);
    ts.forEachChild(node, findText);
  };
  findText(sf);
  const visit = (node) => {
    if (node.kind !== ts.SyntaxKind.JsxText) {
      for (const c of ts.getLeadingCommentRanges(text, node.pos) ?? []) found.set(c.pos, c);
    }
    // A comment on the line of the token before it is that token's trailing comment.
    if (node.kind !== ts.SyntaxKind.JsxText && !jsxTextAt.has(node.end)) {
      for (const c of ts.getTrailingCommentRanges(text, node.end) ?? []) found.set(c.pos, c);
    }
    for (const child of node.getChildren(sf)) visit(child);
  };
  visit(sf);
  return { sf, comments: [...found.values()].sort((a, b) => a.pos - b.pos) };
}

/** True when the line starting at `pos` begins a JSX child, where a `//` line above would render as text. */
function startsJsxChild(sf, pos) {
  let node = sf;
  for (;;) {
    const inner = node.getChildren(sf).find((c) => c.getStart(sf) <= pos && pos < c.end);
    if (!inner) break;
    node = inner;
  }
  while (node.parent && node.parent.getStart(sf) === pos) node = node.parent;
  const isJsx = (n) => n && (ts.isJsxElement(n) || ts.isJsxFragment(n));
  return isJsx(node.parent) || (node.kind === ts.SyntaxKind.SyntaxList && isJsx(node.parent)) || ts.isJsxText(node);
}

/** Where a comment line's text may not take words from the line before it: a new paragraph, list item, table, tag. */
const BREAKS = /^([-*+] |\d+[.)] |@|\||```|<)/;

/**
 * Wraps one run of comment lines ({ line, prefix, text, suffix } each, all of one comment or of consecutive `//` lines):
 * a line over the limit keeps the words that fit and hands the others to the next line of its paragraph (or to new
 * lines), which passes on what no longer fits in turn; lines that need no change stay as they are.
 */
function wrapRun(run, out) {
  const joinable = (next, cont) => next && next.prefix === cont && next.text && !BREAKS.test(next.text) && !DIRECTIVE.test(next.text);
  for (let i = 0; i < run.length; i++) {
    const e = run[i];
    if (e.prefix.length + e.text.length + e.suffix.length <= MAX) continue;
    if (!e.text.includes(' ') || DIRECTIVE.test(e.text) || e.text.startsWith('|')) continue;
    const item = /^([-*+]|\d+[.)])\s+/.exec(e.text);
    const cont = e.cont + (item ? ' '.repeat(item[0].length) : '');
    const lines = [];
    let [j, text, prefix] = [i, e.text, e.prefix];
    for (;;) {
      const parts = fill(text, Math.max(20, MAX - prefix.length));
      lines.push(prefix + parts.shift());
      const carry = parts.join(' ');
      if (carry && joinable(run[j + 1], cont)) {
        j += 1;
        [text, prefix] = [`${carry} ${run[j].text}`, cont];
        continue;
      }
      if (carry) lines.push(...fill(carry, Math.max(20, MAX - cont.length)).map((t) => cont + t));
      const { suffix, close } = run[j];
      if (suffix && lines[lines.length - 1].length + suffix.length <= MAX) lines[lines.length - 1] += suffix;
      else if (suffix) lines.push(close);
      break;
    }
    out.set(run[i].line, lines);
    for (let k = i + 1; k <= j; k++) out.set(run[k].line, []);
    i = j;
  }
}

function wrapFile(file) {
  const text = fs.readFileSync(file, 'utf8');
  const lines = text.split('\n');
  if (!lines.some((l) => l.length > MAX)) return { changed: false, left: [] };
  const { sf, comments } = commentsOf(file, text);
  const lineStarts = sf.getLineStarts();
  const lineOf = (pos) => sf.getLineAndCharacterOfPosition(pos).line;
  /** line index → replacement lines */
  const out = new Map();
  let slashRun = [];
  const flushSlashes = () => {
    if (slashRun.length) wrapRun(slashRun, out);
    slashRun = [];
  };
  for (const c of comments) {
    const first = lineOf(c.pos);
    const last = lineOf(c.end);
    const body = text.slice(c.pos, c.end);
    const col = c.pos - lineStarts[first];
    const before = lines[first].slice(0, col);
    if (c.kind === ts.SyntaxKind.SingleLineCommentTrivia) {
      const m = /^\/\/(\/?)(\s*)(.*)$/.exec(body);
      const content = m[3].trimEnd();
      if (before.trim() === '' && !m[1]) {
        // A `//` line of its own: one run with the `//` lines right above it at the same column.
        const prev = slashRun[slashRun.length - 1];
        const prefix = `${before}//${m[2]}`;
        if (!prev || prev.line !== first - 1 || !prev.prefix.startsWith(`${before}//`)) flushSlashes();
        const base = `${before}// `;
        slashRun.push({ line: first, prefix, text: content, suffix: '', cont: prefix.length > base.length ? prefix : base });
        continue;
      }
      flushSlashes();
      const line = lines[first];
      if (line.length <= MAX || m[1] || DIRECTIVE.test(content) || !content.includes(' ')) continue;
      // A `//` comment after code moves above it, unless the code is a JSX child (there a `//` line would be text).
      const indent = /^\s*/.exec(line)[0];
      const code = before.trimEnd();
      if (code.length > MAX || startsJsxChild(sf, lineStarts[first] + indent.length)) continue;
      out.set(first, [...wrapText(content, `${indent}// `, `${indent}// `), code]);
      continue;
    }
    flushSlashes();
    // A block comment: /* ... */ or /** ... */
    const open = body.startsWith('/**') ? '/**' : '/*';
    if (DIRECTIVE.test(body.slice(open.length).trim()) || body.startsWith('/*#__')) continue;
    const after = lines[last].slice(c.end - lineStarts[last]);
    const indent = /^\s*/.exec(lines[first])[0];
    if (first === last) {
      if (lines[first].length <= MAX) continue;
      const inner = body.slice(open.length, -2).trim();
      if (!inner.includes(' ')) continue;
      // `/** text */` alone on its line, or `{/* text */}` in JSX, becomes a block of several lines.
      const alone = before.trim() === '' && after.trim() === '';
      const jsx = before.trim() === '{' && after.trim() === '}';
      if (!alone && !jsx) continue;
      const [head, tail] = jsx ? [`${indent}{${open}`, `${indent} */}`] : [`${indent}${open}`, `${indent} */`];
      out.set(first, [head, ...wrapText(inner, `${indent} * `, `${indent} * `), tail]);
      continue;
    }
    if (before.trim() !== '' || after.trim() !== '') continue;
    const run = [];
    let fenced = false;
    for (let l = first; l <= last; l++) {
      // The first line's prefix is its indentation and `/**`; the others' their indentation, `*` and the spaces after it.
      const [, prefix, text] = (l === first ? /^(\s*\/\*\*?\s*)(.*)$/ : /^(\s*\*?\s*)(.*)$/).exec(lines[l]);
      let rest = text;
      let suffix = '';
      if (l === last) {
        const end = rest.lastIndexOf('*/');
        suffix = ' */';
        rest = rest.slice(0, end).trimEnd();
      }
      if (/^```/.test(rest)) fenced = !fenced;
      const star = /^\s*\*/.test(lines[Math.min(first + 1, last)]);
      const cont = l === first ? `${indent}${star ? ' * ' : '   '}` : prefix;
      // Fenced code and a line ending the block with `*/` alone are never joined or split.
      run.push({ line: l, prefix, text: fenced || /^```/.test(rest) ? '' : rest, suffix, cont, close: `${indent} */` });
    }
    wrapRun(run, out);
  }
  flushSlashes();
  const left = [];
  const result = [];
  lines.forEach((line, i) => result.push(...(out.get(i) ?? [line])));
  result.forEach((line, i) => {
    if (line.length > MAX) left.push(`${path.relative(ROOT, file)}:${i + 1}: ${line.length}: ${line.trim().slice(0, 100)}`);
  });
  const changed = out.size > 0;
  if (changed && !check) fs.writeFileSync(file, result.join('\n'));
  return { changed, left };
}

let changedFiles = 0;
const left = [];
for (const file of listFiles()) {
  const r = wrapFile(file);
  if (r.changed) {
    changedFiles += 1;
    if (check) console.log(`would wrap: ${path.relative(ROOT, file)}`);
  }
  left.push(...r.left);
}
for (const l of left) console.log(`over ${MAX}: ${l}`);
console.log(`${check ? 'would change' : 'changed'} ${changedFiles} file(s); ${left.length} line(s) over ${MAX} remain`);
if (check && changedFiles > 0) process.exitCode = 1;
