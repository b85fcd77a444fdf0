public enum WavePushCommand {}
