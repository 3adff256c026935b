ALTER TABLE "products" ADD COLUMN "offer_terms" jsonb;--> statement-breakpoint
ALTER TABLE "visits" ADD COLUMN "voucher_id" uuid;--> statement-breakpoint
ALTER TABLE "visits" ADD COLUMN "amount" integer;--> statement-breakpoint
ALTER TABLE "visits" ADD COLUMN "currency" text;--> statement-breakpoint
ALTER TABLE "visits" ADD CONSTRAINT "visits_voucher_id_vouchers_id_fk" FOREIGN KEY ("voucher_id") REFERENCES "public"."vouchers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "visits_voucher_idx" ON "visits" USING btree ("voucher_id");