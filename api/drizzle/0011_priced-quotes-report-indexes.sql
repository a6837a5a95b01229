CREATE INDEX `priced_quotes_sent_at` ON `priced_quotes` (`sent_at`);--> statement-breakpoint
CREATE INDEX `priced_quotes_answered_at` ON `priced_quotes` (`answered_at`);