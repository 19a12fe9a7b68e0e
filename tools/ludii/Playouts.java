// Times Ludii's own random playouts of sowing games, for BENCHMARKS.md's side-by-side figures.
// Our own driver (no Ludii code in it): it runs against a Ludii build given on the classpath, e.g.
//   javac -cp "$(cat /tmp/ludii-build/classpath.txt)" -d /tmp/playouts tools/ludii/Playouts.java
//   java -cp "/tmp/playouts:$(cat /tmp/ludii-build/classpath.txt)" Playouts --seconds 20 \
//        LUDII_SRC/Common/res/lud/board/sow/four_rows/Tsoro.lud ...
// For each game: compile it (default options), warm the JVM up with playouts for a quarter of
// the time, then play uniformly random playouts (Game.playout with no AI: Ludii's random move
// selection) for `--seconds` of this thread's CPU time, up to `--max-moves` plies each. Prints one
// line per game: name, playouts, plies (Trial.numberRealMoves), CPU seconds, plies per CPU-second,
// and how many playouts reached the cap instead of an end.

import java.io.File;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import game.Game;
import other.GameLoader;
import other.context.Context;
import other.trial.Trial;

public final class Playouts
{
	public static void main(final String[] args)
	{
		double seconds = 20;
		int maxMoves = 2000;
		final List<String> files = new ArrayList<>();
		for (int i = 0; i < args.length; i++)
		{
			switch (args[i])
			{
				case "--seconds": seconds = Double.parseDouble(args[++i]); break;
				case "--max-moves": maxMoves = Integer.parseInt(args[++i]); break;
				default: files.add(args[i]);
			}
		}
		final ThreadMXBean cpu = ManagementFactory.getThreadMXBean();
		System.out.println("game\tplayouts\tplies\tcpu_s\tplies_per_cpu_s\tcapped");
		for (final String f : files)
		{
			final Game game = GameLoader.loadGameFromFile(new File(f), new ArrayList<String>());
			final SplittableRandom seeds = new SplittableRandom(1);
			run(game, cpu, seconds / 4, maxMoves, seeds);
			final long[] r = run(game, cpu, seconds, maxMoves, seeds);
			final double s = r[2] / 1e9;
			System.out.printf("%s\t%d\t%d\t%.2f\t%.0f\t%d%n", game.name(), r[0], r[1], s, r[1] / s, r[3]);
		}
	}

	/** Playouts for `seconds` of CPU: {playouts, plies, cpu nanoseconds, capped}. */
	private static long[] run(final Game game, final ThreadMXBean cpu, final double seconds,
			final int maxMoves, final SplittableRandom seeds)
	{
		final long t0 = cpu.getCurrentThreadCpuTime();
		final long budget = (long) (seconds * 1e9);
		long playouts = 0, plies = 0, capped = 0, t = 0;
		while (t < budget)
		{
			final Context context = new Context(game, new Trial(game));
			final java.util.Random rng = new java.util.Random(seeds.nextLong());
			game.start(context);
			final Trial trial = game.playout(context, null, 1.0, null, 0, maxMoves, rng);
			playouts++;
			plies += trial.numberRealMoves();
			if (!trial.over())
				capped++;
			t = cpu.getCurrentThreadCpuTime() - t0;
		}
		return new long[] { playouts, plies, t, capped };
	}
}
