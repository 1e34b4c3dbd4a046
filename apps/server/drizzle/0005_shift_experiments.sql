ALTER TABLE "experiments" ADD COLUMN "rates" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "experiments" ADD COLUMN "cycle_p95_target_s" double precision;