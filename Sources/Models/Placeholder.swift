public enum ModelsPlaceholder {}
