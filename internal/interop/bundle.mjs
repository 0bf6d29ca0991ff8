// bundle.mjs bundles an ES module's source text, with every module it
// imports from internal/interop/node_modules, into one ES module without
// imports, by way of vite (pinned in package.json). A page can then carry
// it in one inline <script type="module">: an inline module cannot import
// another inline script, and a page shown as an MCP App may load nothing
// from the network.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';

const here = path.dirname(fileURLToPath(import.meta.url));
// entry is the path the source is bundled under: a file of this
// directory, which no one writes, so that its bare imports resolve to
// node_modules here, whatever directory the source lives in.
const entry = path.join(here, 'inline-module.js');

// bundle returns the code of source bundled; name says where source comes
// from, for errors. minify is off: the bundle's own modules come minified
// or not as their packages ship them, and the page's code stays readable.
export async function bundle(source, name) {
  // The bundle marks where each module starts with its path from the
  // working directory: from here, so that it is the same wherever the
  // build is run from.
  process.chdir(here);
  const out = await build({
    configFile: false, envDir: false, logLevel: 'warn', root: here,
    plugins: [{
      name: 'inline-module',
      resolveId(id) { return id === entry ? entry : null; },
      load(id) { return id === entry ? source : null; },
    }],
    build: {
      write: false, minify: false, target: 'es2022', modulePreload: false, reportCompressedSize: false,
      lib: { entry, formats: ['es'], fileName: 'bundle' },
      rolldownOptions: { output: { codeSplitting: false } },
    },
  });
  const chunks = (Array.isArray(out) ? out[0] : out).output;
  if (chunks.length !== 1 || chunks[0].type !== 'chunk') {
    throw new Error(`${name}: bundled into ${chunks.map((c) => c.fileName).join(', ')}, want one module`);
  }
  return inlineSafe(chunks[0].code, name);
}

// inlineModule returns the page html with its one <script type="module">
// bundled in place; name says where html comes from, for errors.
export async function inlineModule(html, name) {
  const open = '<script type="module">', close = '</script>';
  const start = html.indexOf(open);
  const end = html.indexOf(close, start);
  if (start < 0 || end < 0 || html.indexOf(open, end) >= 0) {
    throw new Error(`${name}: want exactly one ${open}...${close}`);
  }
  const code = await bundle(html.slice(start + open.length, end), name);
  return html.slice(0, start + open.length) + '\n' + code.trimEnd() + '\n' + html.slice(end);
}

// inlineSafe returns code unchanged if an HTML parser reads all of it as
// the text of one <script> element; else it fails, naming what would end
// the element early or change how it is parsed.
function inlineSafe(code, name) {
  const m = /<\/script|<script|<!--/i.exec(code);
  if (m) {
    const line = code.slice(0, m.index).split('\n').length;
    throw new Error(`${name}: the bundle holds ${JSON.stringify(m[0])} (line ${line} of the bundle), which an inline script cannot`);
  }
  return code;
}
