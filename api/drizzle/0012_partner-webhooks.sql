CREATE TABLE `partner_webhooks` (
	`partner_key` text PRIMARY KEY NOT NULL,
	`url` text NOT NULL,
	`events` text NOT NULL,
	`enabled` integer DEFAULT true NOT NULL,
	`secret_sealed` text NOT NULL,
	`previous_secret_sealed` text,
	`previous_secret_until` integer,
	`disabled_reason` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`partner_key`) REFERENCES `partners`(`key`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `webhook_deliveries` (
	`id` text PRIMARY KEY NOT NULL,
	`partner_key` text NOT NULL,
	`type` text NOT NULL,
	`payload` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`last_status_code` integer,
	`last_error` text,
	`created_at` integer NOT NULL,
	`delivered_at` integer,
	`next_attempt_at` integer NOT NULL,
	`lease_until` integer
);
--> statement-breakpoint
CREATE INDEX `webhook_deliveries_status_next_attempt` ON `webhook_deliveries` (`status`,`next_attempt_at`);--> statement-breakpoint
CREATE INDEX `webhook_deliveries_partner_created_at` ON `webhook_deliveries` (`partner_key`,`created_at`,`id`);--> statement-breakpoint
ALTER TABLE `quote_requests` ADD `partner_ref` text;--> statement-breakpoint
ALTER TABLE `quote_requests` ADD `case_manager_updates_token` text;--> statement-breakpoint
ALTER TABLE `quote_requests` ADD `case_manager_updates_stopped_at` integer;--> statement-breakpoint
CREATE UNIQUE INDEX `quote_requests_case_manager_updates_token_unique` ON `quote_requests` (`case_manager_updates_token`);