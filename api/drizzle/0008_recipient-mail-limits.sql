ALTER TABLE `quote_requests` ADD `auto_response` text DEFAULT 'with-answers' NOT NULL;--> statement-breakpoint
ALTER TABLE `outbox` ADD `limited_recipient` text;--> statement-breakpoint
-- The last day's auto-responses and newsletter confirmations count toward the per-recipient limits
-- from the upgrade on, as if they had been queued with the column.
UPDATE `outbox` SET `limited_recipient` = lower(`to_address`)
WHERE `kind` IN ('quote-auto-response', 'newsletter-confirmation')
  AND `created_at` > unixepoch('subsec') * 1000 - 86400000;--> statement-breakpoint
CREATE INDEX `outbox_limited_recipient_created_at` ON `outbox` (`limited_recipient`,`created_at`) WHERE "limited_recipient" IS NOT NULL;
