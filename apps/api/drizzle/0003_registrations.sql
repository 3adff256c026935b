CREATE TABLE "registrations" (
	"id" uuid PRIMARY KEY NOT NULL,
	"dpid" text NOT NULL,
	"client_key" text NOT NULL,
	"details" jsonb,
	"code_target" text,
	"code_verified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "memberships" ADD COLUMN "registered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "registrations" ADD CONSTRAINT "registrations_dpid_memberships_dpid_fk" FOREIGN KEY ("dpid") REFERENCES "public"."memberships"("dpid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "registrations_dpid_idx" ON "registrations" USING btree ("dpid","created_at");--> statement-breakpoint
UPDATE "memberships" SET "registered_at" = "created_at" WHERE "user_id" IS NOT NULL AND "registered_at" IS NULL;
