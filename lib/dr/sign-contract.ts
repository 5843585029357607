// The signing document of the agency API (api/dr/sign.ts GET /public/sign/{token}) as the portal reads it.
import { z } from 'zod';

export const signDocument = z.object({
  purpose: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)]),
  purposeName: z.string(),
  recipientName: z.string(),
  expiresAt: z.string(),
  caseNumber: z.string().nullable(),
  disputeTypeName: z.string(),
  leaName: z.string().nullable(),
  studentInitials: z.string(),
  text: z.string(),
  issues: z.array(z.string()),
  officers: z.array(z.object({ userId: z.string(), name: z.string() })),
});
export type SignDocumentDto = z.infer<typeof signDocument>;

export const signRequestList = z.array(z.object({
  id: z.string(),
  purpose: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)]),
  purposeName: z.string(),
  recipientName: z.string(),
  recipientEmail: z.string(),
  expiresAt: z.string(),
  completedAt: z.string().nullable(),
  lapsedAt: z.string().nullable(),
  offered: z.array(z.object({ userId: z.string(), name: z.string() })),
  ranking: z.array(z.string()).nullable(),
}));
export type SignRequestItem = z.infer<typeof signRequestList>[number];
