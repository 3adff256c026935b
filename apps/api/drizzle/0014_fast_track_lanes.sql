DROP INDEX "bookings_member_lounge_day_idx";--> statement-breakpoint
ALTER TABLE "airports" ADD COLUMN "fast_track_child_rule" text DEFAULT 'counted' NOT NULL;--> statement-breakpoint
ALTER TABLE "airports" ADD COLUMN "fast_track_age_bands" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "sales_paused" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "bookings_member_product_day_idx" ON "bookings" USING btree ("user_id","product_id","visit_date") WHERE "bookings"."status" <> 'cancelled';--> statement-breakpoint
ALTER TABLE "airports" ADD CONSTRAINT "airports_fast_track_child_rule_check" CHECK ("airports"."fast_track_child_rule" in ('counted', 'free-with-adult'));