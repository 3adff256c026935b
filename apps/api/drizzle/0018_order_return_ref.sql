ALTER TABLE "orders" ADD COLUMN "return_ref_hash" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "return_ref_used_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "orders_return_ref_idx" ON "orders" USING btree ("return_ref_hash") WHERE "orders"."return_ref_hash" is not null;