CREATE TABLE `xero_quotes` (
	`quote_id` text PRIMARY KEY NOT NULL,
	`tenant_id` text NOT NULL,
	`contact_id` text,
	`xero_quote_id` text,
	`xero_quote_number` text,
	`invoice_id` text,
	`invoice_number` text,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `xero_sync_jobs` (
	`id` text PRIMARY KEY NOT NULL,
	`quote_id` text NOT NULL,
	`version` integer NOT NULL,
	`action` text NOT NULL,
	`tenant_id` text NOT NULL,
	`payload` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`last_error` text,
	`created_at` integer NOT NULL,
	`first_attempt_at` integer,
	`next_attempt_at` integer NOT NULL,
	`done_at` integer,
	`lease_until` integer
);
--> statement-breakpoint
CREATE UNIQUE INDEX `xero_sync_jobs_quote_version_action` ON `xero_sync_jobs` (`quote_id`,`version`,`action`);--> statement-breakpoint
CREATE INDEX `xero_sync_jobs_status_next_attempt` ON `xero_sync_jobs` (`status`,`next_attempt_at`);--> statement-breakpoint
CREATE TABLE `xero_sync_settings` (
	`id` text PRIMARY KEY NOT NULL,
	`tenant_id` text,
	`account_code` text NOT NULL,
	`tax_type` text NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE `xero_grants` ADD `scopes` text;