CREATE TABLE `price_changes` (
	`id` text PRIMARY KEY NOT NULL,
	`at` integer NOT NULL,
	`actor_user_id` text,
	`actor_name` text NOT NULL,
	`actor_email` text NOT NULL,
	`key` text NOT NULL,
	`label` text NOT NULL,
	`old_cents` integer NOT NULL,
	`new_cents` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `price_changes_at` ON `price_changes` (`at`,`id`);--> statement-breakpoint
CREATE TABLE `priced_quotes` (
	`id` text PRIMARY KEY NOT NULL,
	`quote_id` text NOT NULL,
	`version` integer NOT NULL,
	`status` text DEFAULT 'draft' NOT NULL,
	`lines` text NOT NULL,
	`note` text DEFAULT '' NOT NULL,
	`total_cents` integer NOT NULL,
	`gst_cents` integer NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`sent_at` integer,
	`valid_until` text,
	`token_hash` text,
	`mail_id` text,
	`viewed_at` integer,
	`answered_at` integer,
	`accepted_name` text,
	`answer_text` text,
	`reminded_at` integer,
	`expired_at` integer,
	FOREIGN KEY (`quote_id`) REFERENCES `quote_requests`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `priced_quotes_token_hash_unique` ON `priced_quotes` (`token_hash`);--> statement-breakpoint
CREATE UNIQUE INDEX `priced_quotes_quote_version` ON `priced_quotes` (`quote_id`,`version`);--> statement-breakpoint
CREATE INDEX `priced_quotes_status_valid_until` ON `priced_quotes` (`status`,`valid_until`);--> statement-breakpoint
CREATE TABLE `prices` (
	`key` text PRIMARY KEY NOT NULL,
	`cents` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE `outbox` ADD `secret_until_sent` text;--> statement-breakpoint
CREATE TRIGGER `price_changes_no_update` BEFORE UPDATE ON `price_changes` BEGIN
  SELECT RAISE(ABORT, 'the price list''s history is append-only');
END;--> statement-breakpoint
CREATE TRIGGER `price_changes_no_delete` BEFORE DELETE ON `price_changes` BEGIN
  SELECT RAISE(ABORT, 'the price list''s history is append-only');
END;
