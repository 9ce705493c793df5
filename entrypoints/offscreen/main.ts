// The page that reads PDFs (see lib/worker/pdf/offscreen-client.ts): Chrome's offscreen document, an iframe
// of Firefox's background page. pdf.js parses in its own worker, bundled as an extension file.
import * as pdfjs from 'pdfjs-dist';
import workerSrc from 'pdfjs-dist/build/pdf.worker.min.mjs?url';
import * as z from 'zod/mini';
import { listenForPdfReads } from '@/lib/offscreen/listen';

z.config({ jitless: true });
pdfjs.GlobalWorkerOptions.workerSrc = workerSrc;
listenForPdfReads(pdfjs);
