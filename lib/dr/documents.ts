// Case documents and the public page's data (DR spec §4.3 tab=documents, §4.11, §12, §14): what
// the agency API answers and the portal reads, and the rules both sides share.
import { z } from 'zod';

/** The tag that publishes a document on /dr-public (§14, NRS 388.465). */
export const REDACTED_DECISION = 'Redacted decision';

/** 20 MB per file (§4.3). */
export const DR_DOCUMENT_MAX_BYTES = 20 * 1024 * 1024;

/** PDF, DOCX, JPG, PNG (§4.3): the shared kinds without XLSX. */
export const DR_DOCUMENT_KINDS = ['pdf', 'docx', 'jpg', 'png'] as const;

/** The dispute types whose decisions are published: due process and expedited due process. */
export const PUBLISHED_TYPES = [4, 5] as const;

export const drDocument = z.object({
  id: z.string(),
  fileName: z.string(),
  kind: z.string(),
  sizeBytes: z.number(),
  uploadedAt: z.string(),
  uploadedBy: z.string(),
  uploadedByName: z.string().nullable(),
  tags: z.array(z.string()),
  /** The caller may delete it (state staff or the uploader). */
  canDelete: z.boolean(),
});
export type DrDocument = z.infer<typeof drDocument>;

export const drDocuments = z.object({
  documents: z.array(drDocument),
  /** The caller may upload to this case (a party, state staff or an assigned neutral; not a draft). */
  canUpload: z.boolean(),
  /** The caller may set or clear the Redacted decision tag (state staff). */
  canTag: z.boolean(),
});
export type DrDocuments = z.infer<typeof drDocuments>;

export const drPublicOption = z.object({ code: z.string(), title: z.string(), whoMayFile: z.string(), timeline: z.string(), cost: z.string() });
export type DrPublicOption = z.infer<typeof drPublicOption>;

export const drPublicDecision = z.object({
  documentId: z.string(),
  schoolYear: z.string().nullable(),
  caseNumber: z.string(),
  leaName: z.string().nullable(),
  decisionDate: z.string().nullable(),
});
export type DrPublicDecision = z.infer<typeof drPublicDecision>;

/** A size for people: 512 bytes, 14 KB, 3.2 MB. */
export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
