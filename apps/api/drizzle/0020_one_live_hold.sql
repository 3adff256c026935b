-- Each hold's day, from its slot.
ALTER TABLE "slot_holds" ADD COLUMN "local_date" text;--> statement-breakpoint
UPDATE "slot_holds" h SET "local_date" = s."local_date" FROM "product_slots" s WHERE s."id" = h."slot_id";--> statement-breakpoint
ALTER TABLE "slot_holds" ALTER COLUMN "local_date" SET NOT NULL;--> statement-breakpoint
-- A member's live holds of one product and day beyond the newest (pre-books sent at once kept
-- several): released as replaced, their places given back, before one live hold is the rule.
WITH "extra" AS (
  SELECT "id" FROM (
    SELECT "id", row_number() OVER (
      PARTITION BY "user_id", "product_id", "local_date" ORDER BY "created_at" DESC, "id" DESC
    ) AS "n"
    FROM "slot_holds"
    WHERE "released_at" IS NULL AND "user_id" IS NOT NULL
  ) "ranked" WHERE "n" > 1
), "released" AS (
  UPDATE "slot_holds" SET "released_at" = now(), "release_reason" = 'replaced'
  WHERE "id" IN (SELECT "id" FROM "extra")
  RETURNING "slot_id", "places"
), "back" AS (
  SELECT "slot_id", sum("places")::int AS "places" FROM "released" GROUP BY "slot_id"
)
UPDATE "product_slots" s SET "taken" = s."taken" - b."places" FROM "back" b WHERE s."id" = b."slot_id";--> statement-breakpoint
CREATE UNIQUE INDEX "slot_holds_live_member_day_idx" ON "slot_holds" USING btree ("user_id","product_id","local_date") WHERE "slot_holds"."released_at" is null;
