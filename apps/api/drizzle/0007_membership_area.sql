ALTER TABLE "memberships" ADD COLUMN "passes_bought" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "membership_in_use" text;