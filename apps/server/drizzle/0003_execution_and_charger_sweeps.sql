ALTER TABLE "experiments" ADD COLUMN "charger_counts" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "solves" ADD COLUMN "execution" jsonb;