CREATE TABLE `problem_reports` (
	`id` text PRIMARY KEY NOT NULL,
	`quote_request_id` text NOT NULL,
	`visit_id` text NOT NULL,
	`message` text NOT NULL,
	`reclean_visit_id` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`quote_request_id`) REFERENCES `quote_requests`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`visit_id`) REFERENCES `visits`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`reclean_visit_id`) REFERENCES `visits`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `problem_reports_visit` ON `problem_reports` (`visit_id`);--> statement-breakpoint
CREATE TABLE `visit_series` (
	`id` text PRIMARY KEY NOT NULL,
	`quote_request_id` text NOT NULL,
	`priced_quote_id` text,
	`frequency` text NOT NULL,
	`anchor_start` integer NOT NULL,
	`duration_minutes` integer NOT NULL,
	`window_minutes` integer NOT NULL,
	`team_id` text NOT NULL,
	`ends_on` text,
	`held_until` integer NOT NULL,
	`sequence` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`quote_request_id`) REFERENCES `quote_requests`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`priced_quote_id`) REFERENCES `priced_quotes`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`team_id`) REFERENCES `teams`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `visit_series_quote_request` ON `visit_series` (`quote_request_id`);--> statement-breakpoint
CREATE TABLE `xero_visit_invoices` (
	`visit_id` text PRIMARY KEY NOT NULL,
	`tenant_id` text NOT NULL,
	`invoice_id` text,
	`invoice_number` text,
	`invoice_status` text,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
DROP INDEX `xero_sync_jobs_quote_version_action`;--> statement-breakpoint
ALTER TABLE `xero_sync_jobs` ADD `visit_id` text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX `xero_sync_jobs_quote_version_action_visit` ON `xero_sync_jobs` (`quote_id`,`version`,`action`,`visit_id`);--> statement-breakpoint
ALTER TABLE `priced_quotes` ADD `frequency` text DEFAULT 'once' NOT NULL;--> statement-breakpoint
ALTER TABLE `priced_quotes` ADD `subtotal_cents` integer;--> statement-breakpoint
ALTER TABLE `priced_quotes` ADD `discount_percent` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `priced_quotes` ADD `discount_cents` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `visits` ADD `kind` text DEFAULT 'clean' NOT NULL;--> statement-breakpoint
ALTER TABLE `visits` ADD `series_id` text REFERENCES visit_series(id);--> statement-breakpoint
ALTER TABLE `visits` ADD `occurrence_start` integer;--> statement-breakpoint
CREATE UNIQUE INDEX `visits_series_occurrence` ON `visits` (`series_id`,`occurrence_start`);