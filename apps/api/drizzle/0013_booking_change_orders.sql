ALTER TABLE "orders" DROP CONSTRAINT "orders_purpose_check";--> statement-breakpoint
CREATE INDEX "orders_booking_change_idx" ON "orders" USING btree ("subject") WHERE "orders"."purpose" = 'lounge-amend';--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_purpose_check" CHECK ("orders"."purpose" in ('passes', 'renewal', 'lounge-booking', 'lounge-amend', 'fast-track', 'offer'));