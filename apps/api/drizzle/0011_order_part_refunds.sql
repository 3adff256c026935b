ALTER TABLE "orders" ADD COLUMN "refunded_amount" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "part_refund" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "orders_part_refund_idx" ON "orders" USING btree ("refund_next_at") WHERE "orders"."part_refund" > 0;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_refund_amounts_check" CHECK ("orders"."refunded_amount" >= 0 and "orders"."part_refund" >= 0 and "orders"."refunded_amount" + "orders"."part_refund" <= "orders"."amount");