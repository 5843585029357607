// The pure parts of api/shared/documents.ts: the type comes from the bytes, the stored name is
// safe and says what the file is, and a refusal names the allowed types.
import { describe, expect, it } from 'vitest';
import { detectDocumentKind, safeFileName } from '../../api/shared/documents.js';
import { documentText } from '../../lib/shared/messages.js';
import { docxBytes, jpegBytes, pdfBytes, pngBytes, xlsxBytes, zipBytes } from '../helpers/files.js';

describe('documents', () => {
  it('detects the five allowed kinds from the bytes, and nothing else', async () => {
    expect(await detectDocumentKind(pdfBytes())).toBe('pdf');
    expect(await detectDocumentKind(docxBytes())).toBe('docx');
    expect(await detectDocumentKind(xlsxBytes())).toBe('xlsx');
    expect(await detectDocumentKind(pngBytes())).toBe('png');
    expect(await detectDocumentKind(jpegBytes())).toBe('jpg');
    expect(await detectDocumentKind(zipBytes({ 'a.txt': 'x' }))).toBeNull();
    expect(await detectDocumentKind(Buffer.from('<html></html>'))).toBeNull();
    // A module that takes no spreadsheets.
    expect(await detectDocumentKind(xlsxBytes(), ['pdf', 'docx', 'png', 'jpg'])).toBeNull();
  });

  it('keeps a safe file name that ends with the extension of what the file is', () => {
    expect(safeFileName('Decision.pdf', 'pdf')).toBe('Decision.pdf');
    expect(safeFileName('C:\\Users\\pat\\scan.JPEG', 'jpg')).toBe('scan.JPEG');
    expect(safeFileName('../../etc/notes.html', 'pdf')).toBe('notes.html.pdf');
    expect(safeFileName('a"b<c>\u0000.docx', 'docx')).toBe('abc.docx');
    expect(safeFileName('', 'png')).toBe('document.png');
    expect(safeFileName(`${'x'.repeat(300)}.pdf`, 'pdf')).toHaveLength(204);
  });

  it('names the allowed types in its refusal', () => {
    expect(documentText.notAllowed(['PDF', 'DOCX', 'XLSX', 'PNG', 'JPEG'])).toBe('This file type is not allowed. Upload a PDF, DOCX, XLSX, PNG or JPEG file.');
    expect(documentText.notAllowed(['PDF'])).toBe('This file type is not allowed. Upload a PDF file.');
  });
});
