-- Approvals never trap a payment (issue 34 §9).
-- 1. The AP policy's self-approval switch (default on): the owner may approve their own item, as an
--    explicit and audited trail entry, when nobody else can approve it.
ALTER TABLE "ap_policies" ADD COLUMN "self_approval" boolean DEFAULT true NOT NULL;
--> statement-breakpoint
-- 2. A pending item's approvers are resolved from the current team at every read and decision
--    (approvals/engine.ts `resolveApprovers`). `current_approver_ids` now holds the current level's
--    NAMED approvers still to decide (empty: the owners and admins of the moment), no longer the
--    people resolved when the level was entered. Items waiting on the AP policy's one approval from
--    an owner or admin had those people copied in: they now name nobody, so today's team applies.
UPDATE "approval_items"
SET "levels" = '[{"approverIds": [], "rule": "any"}]'::jsonb, "current_approver_ids" = '{}'::uuid[]
WHERE "status" = 'pending' AND "workflow_id" IS NULL AND "workflow_name" = 'AP policy';
--> statement-breakpoint
-- Every other pending item: the current level's named approvers who have not decided in this round.
UPDATE "approval_items" i
SET "current_approver_ids" = coalesce((
  SELECT array_agg(a.id::uuid ORDER BY a.ord)
  FROM jsonb_array_elements_text(i."levels" -> i."current_level" -> 'approverIds') WITH ORDINALITY AS a(id, ord)
  WHERE NOT EXISTS (
    SELECT 1 FROM "approval_decisions" d
    WHERE d."item_id" = i."id" AND d."round" = i."round" AND d."level" = i."current_level"
      AND d."user_id" = a.id::uuid
  )
), '{}'::uuid[])
WHERE i."status" = 'pending'
  AND NOT (i."workflow_id" IS NULL AND i."workflow_name" = 'AP policy')
  AND jsonb_typeof(i."levels" -> i."current_level") = 'object';
