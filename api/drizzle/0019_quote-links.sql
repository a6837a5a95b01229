CREATE TABLE `quote_links` (
	`token_hash` text PRIMARY KEY NOT NULL,
	`priced_quote_id` text NOT NULL,
	`purpose` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`priced_quote_id`) REFERENCES `priced_quotes`(`id`) ON UPDATE no action ON DELETE no action
);
