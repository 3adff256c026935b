CREATE TABLE "products" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"airport_code" text NOT NULL,
	"name" text NOT NULL,
	"terminal" text NOT NULL,
	"side" text NOT NULL,
	"description" text NOT NULL,
	"directions" text NOT NULL,
	"weekly_hours" jsonb NOT NULL,
	"facilities" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"conditions" jsonb,
	"offer" text,
	"terms" text,
	"lane" text,
	"price_amount" integer,
	"price_currency" text,
	"slot_minutes" integer,
	"capacity_per_slot" integer,
	"images" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"rank" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "verifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"purpose" text NOT NULL,
	"target" text NOT NULL,
	"channel" text NOT NULL,
	"user_id" uuid,
	"code_hash" text,
	"expires_at" timestamp with time zone NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"used_at" timestamp with time zone,
	"draft" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_airport_code_airports_iata_code_fk" FOREIGN KEY ("airport_code") REFERENCES "public"."airports"("iata_code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verifications" ADD CONSTRAINT "verifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "products_airport_kind_idx" ON "products" USING btree ("airport_code","kind");--> statement-breakpoint
CREATE INDEX "verifications_target_idx" ON "verifications" USING btree ("purpose","target");