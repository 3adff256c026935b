CREATE TABLE "vouchers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"user_id" uuid,
	"dpid" text,
	"product_id" text NOT NULL,
	"local_date" text NOT NULL,
	"valid_until" timestamp with time zone NOT NULL,
	"passes_spent" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"used_at" timestamp with time zone,
	"expired_at" timestamp with time zone,
	"passes_returned" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vouchers_status_check" CHECK ("vouchers"."status" in ('open', 'used', 'expired')),
	CONSTRAINT "vouchers_counts_check" CHECK ("vouchers"."passes_spent" >= 0 and "vouchers"."passes_returned" >= 0 and "vouchers"."passes_returned" <= "vouchers"."passes_spent")
);
--> statement-breakpoint
ALTER TABLE "vouchers" ADD CONSTRAINT "vouchers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vouchers" ADD CONSTRAINT "vouchers_dpid_memberships_dpid_fk" FOREIGN KEY ("dpid") REFERENCES "public"."memberships"("dpid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vouchers" ADD CONSTRAINT "vouchers_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "vouchers_code_idx" ON "vouchers" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "vouchers_open_member_outlet_day_idx" ON "vouchers" USING btree ("user_id","product_id","local_date") WHERE "vouchers"."status" = 'open';--> statement-breakpoint
CREATE INDEX "vouchers_open_until_idx" ON "vouchers" USING btree ("valid_until") WHERE "vouchers"."status" = 'open';--> statement-breakpoint
CREATE INDEX "vouchers_user_idx" ON "vouchers" USING btree ("user_id","created_at");