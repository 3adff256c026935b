import type { FastifyInstance } from 'fastify';
import type { OutboxAttachment } from '../../db/schema';
import { qrPng } from '../../platform/qr-png';
import { offerPdf } from './offer-pdf';
import { findVoucherById } from './offer-query';
import { voucherView } from './voucher-view';

/** The files a voucher's email carries: the voucher as a PDF and its QR as an image. */
export function voucherAttachments(voucher: { id: string; code: string }): OutboxAttachment[] {
  return [
    {
      filename: `voucher-${voucher.code}.pdf`,
      contentType: 'application/pdf',
      kind: 'voucher-pdf',
      id: voucher.id,
    },
    {
      filename: `voucher-${voucher.code}-qr.png`,
      contentType: 'image/png',
      kind: 'voucher-qr',
      id: voucher.id,
    },
  ];
}

/**
 * How the outbox makes them, from the voucher as it is when the email goes: the PDF as the member
 * downloads it, and the QR the voucher page shows (none once the voucher is used or expired).
 */
export function registerVoucherFiles(app: FastifyInstance): void {
  app.outboxFiles.register('voucher-pdf', async (db, id, now) => {
    const record = await findVoucherById(db, id);
    return record && offerPdf(record.product, record.airport, now, voucherView(app.env, record));
  });
  app.outboxFiles.register('voucher-qr', async (db, id) => {
    const record = await findVoucherById(db, id);
    const qr = record && voucherView(app.env, record).qr;
    return qr ? qrPng(qr) : undefined;
  });
}
