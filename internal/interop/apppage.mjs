// apppage.mjs builds a page shown as an MCP App from its source: the
// source's one <script type="module"> is bundled (bundle.mjs) with what
// it imports, the ext-apps App among them, and put back in its place, so
// that the page is one self-contained file.
//
//	node apppage.mjs SOURCE.html [OUT.html]
//
// writes the page to OUT.html, or to standard output.
import fs from 'node:fs';
import path from 'node:path';
import { inlineModule } from './bundle.mjs';

const [source, out] = process.argv.slice(2).map((p) => path.resolve(p));
if (!source) {
  process.stderr.write('usage: node apppage.mjs SOURCE.html [OUT.html]\n');
  process.exit(2);
}
try {
  const page = await inlineModule(fs.readFileSync(source, 'utf8'), path.basename(source));
  if (out) fs.writeFileSync(out, page);
  else process.stdout.write(page);
} catch (err) {
  process.stderr.write(`${err.message}\n`);
  process.exit(1);
}
