CREATE TABLE `quote_requests` (
	`id` text PRIMARY KEY NOT NULL,
	`reference` text NOT NULL,
	`service_type` text NOT NULL,
	`name` text NOT NULL,
	`email` text NOT NULL,
	`phone` text NOT NULL,
	`address` text NOT NULL,
	`details` text NOT NULL,
	`source` text DEFAULT 'main-site' NOT NULL,
	`status` text DEFAULT 'new' NOT NULL,
	`idempotency_key` text,
	`request_hash` text,
	`terms_version` text,
	`consented_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `quote_requests_reference_unique` ON `quote_requests` (`reference`);--> statement-breakpoint
CREATE UNIQUE INDEX `quote_requests_idempotency_key_unique` ON `quote_requests` (`idempotency_key`);--> statement-breakpoint
CREATE INDEX `quote_requests_created_at` ON `quote_requests` (`created_at`);