import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { readFileSync } from 'node:fs';
const doc = await getDocument({ data: new Uint8Array(readFileSync(process.argv[2])) }).promise;
for (let n = 1; n <= doc.numPages; n++) { const tc = await (await doc.getPage(n)).getTextContent({disableNormalization:true});
for (const [i,it] of tc.items.entries()) if (it.str && it.str.includes(process.argv[3])) console.log(JSON.stringify(tc.items.slice(i-1,i+2).map(x=>[x.str,x.hasEOL]))); }
