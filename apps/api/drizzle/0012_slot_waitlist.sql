CREATE TABLE "slot_waitlist" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"product_id" text NOT NULL,
	"slot_id" uuid NOT NULL,
	"places" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"notified_at" timestamp with time zone,
	"hold_id" uuid,
	CONSTRAINT "slot_waitlist_places_check" CHECK ("slot_waitlist"."places" > 0)
);
--> statement-breakpoint
ALTER TABLE "slot_waitlist" ADD CONSTRAINT "slot_waitlist_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "slot_waitlist" ADD CONSTRAINT "slot_waitlist_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "slot_waitlist" ADD CONSTRAINT "slot_waitlist_slot_id_product_slots_id_fk" FOREIGN KEY ("slot_id") REFERENCES "public"."product_slots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "slot_waitlist" ADD CONSTRAINT "slot_waitlist_hold_id_slot_holds_id_fk" FOREIGN KEY ("hold_id") REFERENCES "public"."slot_holds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "slot_waitlist_user_slot_idx" ON "slot_waitlist" USING btree ("user_id","slot_id");--> statement-breakpoint
CREATE INDEX "slot_waitlist_waiting_idx" ON "slot_waitlist" USING btree ("slot_id","created_at") WHERE "slot_waitlist"."notified_at" is null;