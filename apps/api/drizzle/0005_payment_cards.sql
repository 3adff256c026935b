CREATE TABLE "payment_cards" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"provider_token" text NOT NULL,
	"product_id" integer NOT NULL,
	"brand" text NOT NULL,
	"last4" text NOT NULL,
	"expiry_month" integer NOT NULL,
	"expiry_year" integer NOT NULL,
	"fingerprint" text NOT NULL,
	"status" text NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"source" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_cards_provider_token_unique" UNIQUE("provider_token"),
	CONSTRAINT "payment_cards_status_check" CHECK ("payment_cards"."status" in ('pending', 'active', 'failed')),
	CONSTRAINT "payment_cards_expiry_check" CHECK ("payment_cards"."expiry_month" between 1 and 12)
);
--> statement-breakpoint
ALTER TABLE "payment_cards" ADD CONSTRAINT "payment_cards_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_cards_user_idx" ON "payment_cards" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_cards_user_fingerprint_idx" ON "payment_cards" USING btree ("user_id","fingerprint") WHERE "payment_cards"."status" = 'active';--> statement-breakpoint
CREATE UNIQUE INDEX "payment_cards_one_default_idx" ON "payment_cards" USING btree ("user_id") WHERE "payment_cards"."is_default";