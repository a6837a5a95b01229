-- record_id is new: existing mails keep their stored bodies (drizzle-kit selected the missing column).
PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_outbox` (
	`id` text PRIMARY KEY NOT NULL,
	`kind` text NOT NULL,
	`message_id` text NOT NULL,
	`from_address` text,
	`to_address` text NOT NULL,
	`to_name` text,
	`reply_to_address` text,
	`reply_to_name` text,
	`subject` text NOT NULL,
	`text_body` text,
	`html_body` text,
	`record_id` text,
	`headers` text,
	`status` text DEFAULT 'queued' NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`next_attempt_at` integer NOT NULL,
	`lease_until` integer,
	`last_error` text,
	`sent_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
INSERT INTO `__new_outbox`("id", "kind", "message_id", "from_address", "to_address", "to_name", "reply_to_address", "reply_to_name", "subject", "text_body", "html_body", "record_id", "headers", "status", "attempts", "next_attempt_at", "lease_until", "last_error", "sent_at", "created_at", "updated_at") SELECT "id", "kind", "message_id", "from_address", "to_address", "to_name", "reply_to_address", "reply_to_name", "subject", "text_body", "html_body", NULL, "headers", "status", "attempts", "next_attempt_at", "lease_until", "last_error", "sent_at", "created_at", "updated_at" FROM `outbox`;--> statement-breakpoint
DROP TABLE `outbox`;--> statement-breakpoint
ALTER TABLE `__new_outbox` RENAME TO `outbox`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE UNIQUE INDEX `outbox_message_id_unique` ON `outbox` (`message_id`);--> statement-breakpoint
CREATE INDEX `outbox_status_next_attempt` ON `outbox` (`status`,`next_attempt_at`);--> statement-breakpoint
CREATE INDEX `outbox_created_at` ON `outbox` (`created_at`);