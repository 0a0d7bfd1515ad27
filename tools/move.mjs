#!/usr/bin/env node
// Moves files or folders with `git mv` and rewrites every relative import that reaches them, so that
// history follows and nothing breaks. Usage: node tools/move.mjs old new [old new ...]
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const args = process.argv.slice(2);
if (args.length === 0 || args.length % 2) throw new Error('usage: node tools/move.mjs old new [old new ...]');

const git = (...a) => execFileSync('git', a, { cwd: ROOT, encoding: 'utf8' });
const listed = git('ls-files', '-co', '--exclude-standard').split('\n').filter(Boolean);
const tracked = new Set(git('ls-files').split('\n').filter(Boolean));
const files = new Set(listed.filter((f) => fs.existsSync(path.join(ROOT, f))));
const SOURCE = /\.(tsx?|mjs|js)$/;

/** old file → new file, folders expanded. */
const moves = new Map();
for (let i = 0; i < args.length; i += 2) {
  const from = path.normalize(args[i]).replace(/\/$/, '');
  const to = path.normalize(args[i + 1]).replace(/\/$/, '');
  if (files.has(from)) moves.set(from, to);
  else {
    const inside = [...files].filter((f) => f.startsWith(from + '/'));
    if (inside.length === 0) throw new Error(`nothing at ${from}`);
    for (const f of inside) moves.set(f, to + f.slice(from.length));
  }
}
const after = (f) => moves.get(f) ?? f;

function resolve(fromFile, spec) {
  const base = path.normalize(path.join(path.dirname(fromFile), spec));
  const tries = [
    base,
    base + '.ts',
    base + '.tsx',
    base.replace(/\.js$/, '.ts'),
    base.replace(/\.js$/, '.tsx'),
    base + '/index.ts',
    base + '/index.tsx',
  ];
  return tries.find((t) => files.has(t));
}

function respec(spec, target, oldFile, newFile) {
  let t = after(target);
  const dir = path.dirname(newFile);
  if (!/\.(tsx?|js|mjs|json|css|svg|png)$/.test(spec) || (spec.endsWith('.js') && target.endsWith('.ts'))) {
    const indexForm = !/index$/.test(spec) && /\/index\.tsx?$/.test(target);
    t = indexForm ? path.dirname(t) : t.replace(/\.(tsx?)$/, '');
    if (spec.endsWith('.js')) t += '.js';
  }
  let r = path.relative(dir, t);
  if (!r.startsWith('.')) r = './' + r;
  return r;
}

const SPEC = /((?:from|import|import\(|vi\.mock\(|vi\.doMock\(|vi\.importActual\(|require\(|new URL\()\s*)(['"])(\.\.?\/[^'"]+)\2/g;
const changed = new Map();
for (const f of files) {
  if (!SOURCE.test(f)) continue;
  const text = fs.readFileSync(path.join(ROOT, f), 'utf8');
  const nf = after(f);
  const out = text.replace(SPEC, (m, pre, q, spec) => {
    const target = resolve(f, spec);
    if (!target) return m;
    if (!moves.has(target) && !moves.has(f)) return m;
    return pre + q + respec(spec, target, f, nf) + q;
  });
  if (out !== text) changed.set(f, out);
}
for (const to of moves.values()) if (fs.existsSync(path.join(ROOT, to))) throw new Error(`${to} exists`);
for (const [from, to] of moves) {
  fs.mkdirSync(path.dirname(path.join(ROOT, to)), { recursive: true });
  if (fs.existsSync(path.join(ROOT, to))) throw new Error(`${to} exists`);
  if (tracked.has(from)) git('mv', from, to);
  else fs.renameSync(path.join(ROOT, from), path.join(ROOT, to));
}
for (const [f, text] of changed) fs.writeFileSync(path.join(ROOT, after(f)), text);
console.log(`moved ${moves.size} files, rewrote imports in ${changed.size}`);
