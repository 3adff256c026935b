CREATE TABLE "bookings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"reference" text NOT NULL,
	"user_id" uuid,
	"dpid" text,
	"product_id" text NOT NULL,
	"kind" text NOT NULL,
	"visit_at" timestamp with time zone NOT NULL,
	"flight_number" text NOT NULL,
	"passengers" integer NOT NULL,
	"passenger_names" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"contact_prefix" text,
	"contact_number" text,
	"email" text,
	"card_label" text,
	"amount" integer DEFAULT 0 NOT NULL,
	"currency" text DEFAULT 'GBP' NOT NULL,
	"passes_used" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'booked' NOT NULL,
	"cancelled_at" timestamp with time zone,
	"refund_state" text DEFAULT 'none' NOT NULL,
	"refund_amount" integer DEFAULT 0 NOT NULL,
	"refund_due_at" timestamp with time zone,
	"passes_returned" integer DEFAULT 0 NOT NULL,
	"anonymised_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bookings_reference_unique" UNIQUE("reference"),
	CONSTRAINT "bookings_kind_check" CHECK ("bookings"."kind" in ('lounge', 'fast-track')),
	CONSTRAINT "bookings_status_check" CHECK ("bookings"."status" in ('booked', 'cancelled')),
	CONSTRAINT "bookings_refund_state_check" CHECK ("bookings"."refund_state" in ('none', 'pending', 'refunded')),
	CONSTRAINT "bookings_counts_check" CHECK ("bookings"."passengers" >= 0 and "bookings"."amount" >= 0 and "bookings"."passes_used" >= 0 and "bookings"."refund_amount" >= 0 and "bookings"."passes_returned" >= 0)
);
--> statement-breakpoint
CREATE TABLE "contact_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid,
	"subject" text NOT NULL,
	"message" text NOT NULL,
	"email" text NOT NULL,
	"mobile" text,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"membership_number" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "visits" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid,
	"dpid" text,
	"product_id" text NOT NULL,
	"booking_id" uuid,
	"visited_at" timestamp with time zone NOT NULL,
	"guests" integer DEFAULT 0 NOT NULL,
	"passes_used" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "visits_counts_check" CHECK ("visits"."guests" >= 0 and "visits"."passes_used" >= 0)
);
--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_dpid_memberships_dpid_fk" FOREIGN KEY ("dpid") REFERENCES "public"."memberships"("dpid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD CONSTRAINT "contact_messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visits" ADD CONSTRAINT "visits_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visits" ADD CONSTRAINT "visits_dpid_memberships_dpid_fk" FOREIGN KEY ("dpid") REFERENCES "public"."memberships"("dpid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visits" ADD CONSTRAINT "visits_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visits" ADD CONSTRAINT "visits_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bookings_user_visit_idx" ON "bookings" USING btree ("user_id","visit_at");--> statement-breakpoint
CREATE INDEX "bookings_dpid_idx" ON "bookings" USING btree ("dpid");--> statement-breakpoint
CREATE INDEX "contact_messages_user_idx" ON "contact_messages" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "visits_user_idx" ON "visits" USING btree ("user_id","visited_at");--> statement-breakpoint
CREATE INDEX "visits_dpid_idx" ON "visits" USING btree ("dpid");