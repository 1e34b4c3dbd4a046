ALTER TABLE "experiments" ADD COLUMN "robot_models" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "experiments" ADD COLUMN "target_makespan_s" double precision;--> statement-breakpoint
ALTER TABLE "experiments" ADD COLUMN "target_throughput_per_h" double precision;