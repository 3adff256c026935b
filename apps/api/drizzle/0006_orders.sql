CREATE TABLE "orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"reference" text NOT NULL,
	"user_id" uuid,
	"purpose" text NOT NULL,
	"subject" text,
	"lines" jsonb NOT NULL,
	"amount" integer NOT NULL,
	"currency" text NOT NULL,
	"card_id" uuid,
	"provider_payment_id" text,
	"status" text DEFAULT 'created' NOT NULL,
	"idempotency_key" text NOT NULL,
	"failure_reason" text,
	"charge_asked_at" timestamp with time zone,
	"paid_at" timestamp with time zone,
	"fulfilled_at" timestamp with time zone,
	"failed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_reference_unique" UNIQUE("reference"),
	CONSTRAINT "orders_status_check" CHECK ("orders"."status" in ('created', 'awaiting-authentication', 'paid', 'fulfilled', 'failed', 'refund-pending', 'refunded')),
	CONSTRAINT "orders_purpose_check" CHECK ("orders"."purpose" in ('passes', 'renewal', 'lounge-booking', 'fast-track', 'offer')),
	CONSTRAINT "orders_amount_check" CHECK ("orders"."amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "provider_events" (
	"event_id" text PRIMARY KEY NOT NULL,
	"order_id" uuid,
	"type" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_card_id_payment_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."payment_cards"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_events" ADD CONSTRAINT "provider_events_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "orders_user_idempotency_idx" ON "orders" USING btree ("user_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "orders_user_created_idx" ON "orders" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "orders_unsettled_idx" ON "orders" USING btree ("charge_asked_at") WHERE "orders"."charge_asked_at" is not null and "orders"."status" in ('created', 'awaiting-authentication', 'paid');