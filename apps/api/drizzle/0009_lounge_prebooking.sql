CREATE TABLE "product_slots" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"product_id" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"local_date" text NOT NULL,
	"local_time" text NOT NULL,
	"capacity" integer NOT NULL,
	"taken" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "product_slots_taken_check" CHECK ("product_slots"."taken" >= 0 and "product_slots"."taken" <= "product_slots"."capacity")
);
--> statement-breakpoint
CREATE TABLE "slot_holds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid,
	"product_id" text NOT NULL,
	"slot_id" uuid NOT NULL,
	"places" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"released_at" timestamp with time zone,
	"release_reason" text,
	"order_id" uuid,
	"draft" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "slot_holds_places_check" CHECK ("slot_holds"."places" > 0)
);
--> statement-breakpoint
ALTER TABLE "bookings" DROP CONSTRAINT "bookings_status_check";--> statement-breakpoint
ALTER TABLE "bookings" DROP CONSTRAINT "bookings_counts_check";--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "visit_date" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "slot_id" uuid;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "places" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "infants" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "order_id" uuid;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "checked_in_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "max_guests" integer;--> statement-breakpoint
ALTER TABLE "product_slots" ADD CONSTRAINT "product_slots_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "slot_holds" ADD CONSTRAINT "slot_holds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "slot_holds" ADD CONSTRAINT "slot_holds_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "slot_holds" ADD CONSTRAINT "slot_holds_slot_id_product_slots_id_fk" FOREIGN KEY ("slot_id") REFERENCES "public"."product_slots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "slot_holds" ADD CONSTRAINT "slot_holds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "product_slots_product_start_idx" ON "product_slots" USING btree ("product_id","starts_at");--> statement-breakpoint
CREATE INDEX "product_slots_product_date_idx" ON "product_slots" USING btree ("product_id","local_date");--> statement-breakpoint
CREATE INDEX "slot_holds_open_idx" ON "slot_holds" USING btree ("expires_at") WHERE "slot_holds"."released_at" is null;--> statement-breakpoint
CREATE INDEX "slot_holds_user_idx" ON "slot_holds" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_slot_id_product_slots_id_fk" FOREIGN KEY ("slot_id") REFERENCES "public"."product_slots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bookings_member_lounge_day_idx" ON "bookings" USING btree ("user_id","product_id","visit_date") WHERE "bookings"."kind" = 'lounge' and "bookings"."status" <> 'cancelled';--> statement-breakpoint
CREATE UNIQUE INDEX "bookings_order_idx" ON "bookings" USING btree ("order_id");--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_status_check" CHECK ("bookings"."status" in ('booked', 'completed', 'cancelled'));--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_counts_check" CHECK ("bookings"."passengers" >= 0 and "bookings"."places" >= 0 and "bookings"."infants" >= 0 and "bookings"."amount" >= 0 and "bookings"."passes_used" >= 0 and "bookings"."refund_amount" >= 0 and "bookings"."passes_returned" >= 0);