ALTER TABLE "solves" ALTER COLUMN "results" SET DATA TYPE json;--> statement-breakpoint
ALTER TABLE "solves" ALTER COLUMN "execution" SET DATA TYPE json;