import type { FastifyReply } from 'fastify'

/**
 * Sends a built PDF as a download (SPEC §7: "PDFs open in a new tab"; the name carries its
 * DD_MM_YYYY stamp). Never cached: every PDF holds patient data.
 */
export async function sendPdf(reply: FastifyReply, document: { bytes: Uint8Array; fileName: string }) {
  await reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', `attachment; filename="${document.fileName}"`)
    .header('cache-control', 'private, no-store')
    .send(Buffer.from(document.bytes))
}
